/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    services: import('./lib/server/services.ts').Services;
  }
}
