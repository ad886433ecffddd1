// One declaration per API call (decision 0064): its method, path, input, answer, who may call it
// and what the staff audit records, written once. The server binds a handler to it (route()),
// validates with it, checks its permission and builds the OpenAPI document from it; the browser
// and the console call it through the typed client (api.call) instead of a string path.
import type { z } from '../zod.ts';
import type { Permission } from '../staff/permissions.ts';

/**
 * Who may call: anyone (`public`), a signed-in customer or staff member (`signed-in`), the
 * development tools on this machine only (`dev`), or staff whose role has the permission.
 */
export type Access = 'public' | 'signed-in' | 'dev' | Permission;

/**
 * Catalogue rows carry no kind letter in their ids, so their calls name the table (decision 0035);
 * storage locations name theirs too, so that a new location's row is read from the answer; a
 * scan names a sample by the code on its label (decision 0072); a staff member is named by the
 * phone of the account (decision 0086); an advisor assignment names its customer's row of
 * customer_advisors (decision 0090); an instrument's edits, blocks and authorisations name the
 * instrument (decision 0095).
 */
export type CatalogueRecord =
  | 'type'
  | 'child'
  | 'prefecture'
  | 'item'
  | 'ability'
  | 'setting'
  | 'location'
  | 'sample'
  | 'calendar'
  | 'staff'
  | 'advisor'
  | 'device'
  | 'block'
  | 'authorization';

/**
 * What the staff audit log records for a call under /api/admin. By default a call whose
 * permission ends in `.read` is a read (not logged) and any other a change to the record its body
 * names by `rid` (else `user_rid`), found by the id's kind letter. A read that still writes
 * something (an internal remark) is a `write`; a catalogue call names its table.
 */
export type Audit = 'read' | 'write' | { record: CatalogueRecord };

export type Endpoint = {
  method: 'GET' | 'POST';
  /** The full path, `:name` for a path parameter. */
  path: string;
  access: Access;
  /** A short Chinese summary for the reference page. */
  summary?: string;
  /** The JSON body's schema (POST). */
  body?: z.ZodType;
  /** The query string's schema (GET). */
  query?: z.ZodType;
  /** A multipart upload: its fields and what each is. */
  multipart?: Record<string, string>;
  /** The success envelope's `data` (JSON as sent): null when a call answers only its message. */
  response?: z.ZodType;
  /** What a non-envelope answer is (a PDF, a file, WeChat's text protocol). */
  produces?: string;
  audit?: Audit;
};

/** Declares an endpoint, keeping its exact type so that callers and handlers are typed by it. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

/**
 * A schema's input with the fields it takes as `unknown` (z.preprocess: the schema cleans whatever
 * comes, a missing field included) optional, as the server accepts them.
 */
type Sent<T> = T extends object
  ? { [K in keyof T as unknown extends T[K] ? K : never]?: T[K] } & {
      [K in keyof T as unknown extends T[K] ? never : K]: T[K];
    }
  : T;

/** What a caller sends: the body of a POST, the query of a GET. */
export type InputOf<E extends Endpoint> = E['body'] extends z.ZodType
  ? Sent<z.input<E['body']>>
  : E['query'] extends z.ZodType
    ? Sent<z.input<E['query']>>
    : Record<string, never> | undefined;

/** What a successful call answers (the envelope's data). */
export type OutputOf<E extends Endpoint> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : unknown;

/** The address of an endpoint with its path parameters filled in (links, images, downloads). */
export function pathOf(e: Endpoint, params: Record<string, string> = {}): string {
  return e.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
