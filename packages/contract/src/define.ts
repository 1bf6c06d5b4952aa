import { z } from 'zod';

/** Which backend service a call belongs to (the original portal's module ids). See docs/decisions.md. */
export type TModuleId =
  | 'WPS'
  | 'LGW'
  | 'LOTTO'
  | 'GCS'
  | 'GCSGAME'
  | 'MCSFE'
  | 'MCS2'
  | 'CSP'
  | 'GLS2'
  | 'ODSFE2';

/** none: callable by anyone; required: a session token must be sent; optional: token used when present. */
export type TTokenRule = 'none' | 'required' | 'optional';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TCallDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  /** Stable name, `<group>.<verb>` — used by tests, logs and the 501 inventory. */
  readonly name: string;
  readonly method: THttpMethod;
  readonly path: string;
  readonly moduleId: TModuleId;
  readonly token: TTokenRule;
  readonly encrypted: boolean;
  /** How the request travels: query string for GET, JSON body otherwise, or a urlencoded form. */
  readonly body: 'query' | 'json' | 'form';
  readonly request: Req;
  /** Schema of the envelope's `value` on success. */
  readonly response: Res;
  /**
   * Issue number of the tracker that builds this call's behaviour; 0 for a spec feature no issue covers
   * yet (points mall, raffle promotions).
   */
  readonly issue: number;
}

interface TCallInput<Req extends z.ZodType, Res extends z.ZodType> {
  name: string;
  method: THttpMethod;
  path: string;
  moduleId: TModuleId;
  token?: TTokenRule;
  encrypted?: boolean;
  form?: boolean;
  request: Req;
  response: Res;
  issue: number;
}

export function defineCall<Req extends z.ZodType, Res extends z.ZodType>(
  input: TCallInput<Req, Res>,
): TCallDef<Req, Res> {
  return {
    name: input.name,
    method: input.method,
    path: input.path,
    moduleId: input.moduleId,
    token: input.token ?? 'none',
    encrypted: input.encrypted ?? false,
    body: input.form ? 'form' : input.method === 'GET' ? 'query' : 'json',
    request: input.request,
    response: input.response,
    issue: input.issue,
  };
}

/** Relays named by the spec without a path are served at POST /wps/relay/<NAME> with a JSON body. */
export function defineRelay<Req extends z.ZodType, Res extends z.ZodType>(
  input: Omit<TCallInput<Req, Res>, 'method' | 'path' | 'form'> & { relay: string },
): TCallDef<Req, Res> {
  return defineCall({ ...input, method: 'POST', path: `/wps/relay/${input.relay}` });
}

export const RELAY_PREFIX = '/wps/relay/';

/** Empty request: no fields accepted (unknown fields are refused). */
export const ZEmpty = z.strictObject({});

/** Response of a call whose success says it all: `value` is null. */
export const ZNoValue = z.null();
