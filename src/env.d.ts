/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    services: import('./lib/server/platform/services.ts').Services;
    /** The TCP peer's address (the development tools answer only this machine). */
    peer?: string;
  }
}
