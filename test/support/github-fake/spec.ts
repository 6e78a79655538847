/**
 * GitHub's published OpenAPI description (from the `@octokit/openapi` devDependency), loaded once per
 * process, plus:
 * - a router from (method, concrete path) to the operation whose path template matches;
 * - request validators (path params, query params, JSON body) compiled lazily per operation with Ajv;
 * - response validators (used by the fake's own tests so the fake does not lie).
 *
 * We read the non-dereferenced `api.github.com.json` (13 MB, ~150 ms to parse) rather than the 73 MB
 * `.deref.json`, and resolve `#/components/schemas/*` references ourselves into per-schema `definitions`,
 * converting OpenAPI 3.0 dialect (`nullable: true`) to JSON Schema as we go.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import * as ajvFormatsModule from 'ajv-formats';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonObject;
}

interface OpenApiOperation {
  operationId?: string;
  parameters?: JsonObject[];
  requestBody?: JsonObject;
  responses?: Record<string, JsonObject>;
}

interface OpenApiSpec {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, JsonObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    parameters: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
    headers?: Record<string, JsonObject>;
  };
}

export interface Operation {
  method: string; // upper case
  template: string; // e.g. /repos/{owner}/{repo}/check-runs
  operationId: string;
  /** Path + query parameters, `$ref`s resolved, path-level parameters merged in. */
  parameters: OpenApiParameter[];
  requestBody?: { required: boolean; schema?: JsonObject };
  responses: Record<string, JsonObject>;
}

export interface RouteMatch {
  operation: Operation;
  /** Path parameters, percent-decoded, still strings. */
  params: Record<string, string>;
}

export type RouteResult = { kind: 'match'; match: RouteMatch } | { kind: 'method-not-allowed'; template: string; allowed: string[] } | { kind: 'not-found' };

export interface RequestCheck {
  /** Schema violations: GitHub would reject the request (the fake answers 422). */
  errors: string[];
  /** Accepted by GitHub but almost certainly a bug (unknown query parameter / body field). */
  lints: string[];
  /** Path params after coercion (integers are numbers). */
  params: Record<string, unknown>;
  /** Query params after coercion (integers are numbers, booleans are booleans). */
  query: Record<string, unknown>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const MAX_ERRORS_PER_PART = 8;

// ---------------------------------------------------------------------------------------------
// Loading

let loaded: { spec: OpenApiSpec; router: Router; loadMs: number } | undefined;
/** How many times this process parsed the spec (1 once a fake started: it is cached). */
let loads = 0;

/** Path of the OpenAPI description this fake validates against. */
export function specPath(): string {
  const require = createRequire(import.meta.url);
  return require.resolve('@octokit/openapi/generated/api.github.com.json');
}

/** Loads (once per process) the spec and builds the router. Synchronous; ~150-300 ms the first time. */
export function loadSpec(): { spec: OpenApiSpec; router: Router; loadMs: number } {
  if (!loaded) {
    const t0 = performance.now();
    loads++;
    const spec = JSON.parse(readFileSync(specPath(), 'utf8')) as OpenApiSpec;
    const router = new Router(spec);
    loaded = { spec, router, loadMs: performance.now() - t0 };
  }
  return loaded;
}

/**
 * `loads`: times the spec was parsed in this process; `validators`: operations whose request validators are compiled
 * (lazily, on first use). Both let tests check that starting a fake does not redo that work, without timing it.
 */
export function specInfo(): { openapi: string; version: string; loadMs: number; operations: number; loads: number; validators: number } {
  const { spec, router, loadMs } = loadSpec();
  return { openapi: spec.openapi, version: spec.info.version, loadMs, operations: router.operationCount, loads, validators: validatorCache.size };
}

// ---------------------------------------------------------------------------------------------
// Routing

interface TrieNode {
  literal: Map<string, TrieNode>;
  param?: TrieNode;
  /** method (upper case) -> operation, when a template ends here. */
  ops: Map<string, { operation: Operation; paramNames: string[] }>;
  template?: string;
}

/** Final path parameters whose values may contain unescaped slashes (file paths, git refs). */
const GREEDY_PARAMS = new Set(['path', 'ref', 'branch', 'basehead', 'file_path']);

const newNode = (): TrieNode => ({ literal: new Map(), ops: new Map() });

export class Router {
  private readonly root = newNode();
  private readonly byId = new Map<string, Operation>();
  readonly operationCount: number;
  private readonly spec: OpenApiSpec;

  constructor(spec: OpenApiSpec) {
    this.spec = spec;
    let count = 0;
    for (const [template, item] of Object.entries(spec.paths)) {
      const shared = (item['parameters'] as JsonObject[] | undefined) ?? [];
      for (const method of HTTP_METHODS) {
        const raw = item[method] as OpenApiOperation | undefined;
        if (!raw) continue;
        const operation = this.buildOperation(method.toUpperCase(), template, raw, shared);
        this.insert(operation);
        this.byId.set(operation.operationId, operation);
        count++;
      }
    }
    this.operationCount = count;
  }

  operation(operationId: string): Operation | undefined {
    return this.byId.get(operationId);
  }

  private resolve<T>(node: JsonObject, kind: 'parameters' | 'responses'): T {
    let cur: JsonObject = node;
    for (let guard = 0; typeof cur['$ref'] === 'string' && guard < 10; guard++) {
      const ref = cur['$ref'];
      const prefix = `#/components/${kind}/`;
      if (!ref.startsWith(prefix)) throw new Error(`unsupported $ref ${ref}`);
      const target = this.spec.components[kind][ref.slice(prefix.length)];
      if (!target) throw new Error(`dangling $ref ${ref}`);
      cur = target;
    }
    return cur as T;
  }

  private buildOperation(method: string, template: string, raw: OpenApiOperation, shared: JsonObject[]): Operation {
    const params = new Map<string, OpenApiParameter>();
    for (const p of [...shared, ...(raw.parameters ?? [])]) {
      const resolved = this.resolve<OpenApiParameter>(p, 'parameters');
      params.set(`${resolved.in}:${resolved.name}`, resolved);
    }
    let requestBody: Operation['requestBody'];
    if (raw.requestBody) {
      const rb = raw.requestBody as { required?: boolean; content?: Record<string, { schema?: JsonObject }> };
      const content = rb.content ?? {};
      const json = content['application/json'] ?? Object.entries(content).find(([k]) => k.includes('json'))?.[1];
      requestBody = { required: rb.required === true, ...(json?.schema ? { schema: json.schema } : {}) };
    }
    const responses: Record<string, JsonObject> = {};
    for (const [status, r] of Object.entries(raw.responses ?? {})) responses[status] = this.resolve<JsonObject>(r, 'responses');
    return {
      method,
      template,
      operationId: raw.operationId ?? `${method} ${template}`,
      parameters: [...params.values()],
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  private insert(operation: Operation): void {
    let node = this.root;
    const paramNames: string[] = [];
    for (const seg of splitPath(operation.template)) {
      const m = /^\{(.+)\}$/.exec(seg);
      if (m) {
        paramNames.push(m[1]!);
        node.param ??= newNode();
        node = node.param;
      } else {
        let next = node.literal.get(seg);
        if (!next) node.literal.set(seg, (next = newNode()));
        node = next;
      }
    }
    node.template ??= operation.template;
    if (!node.ops.has(operation.method)) node.ops.set(operation.method, { operation, paramNames });
  }

  route(method: string, pathname: string): RouteResult {
    let segs: string[];
    try {
      segs = splitPath(pathname).map((s) => decodeURIComponent(s));
    } catch {
      return { kind: 'not-found' };
    }
    const found = this.find(this.root, segs, 0, []);
    if (!found) return { kind: 'not-found' };
    const { node, values } = found;
    const entry = node.ops.get(method.toUpperCase());
    if (!entry) return { kind: 'method-not-allowed', template: node.template ?? pathname, allowed: [...node.ops.keys()] };
    const params: Record<string, string> = {};
    entry.paramNames.forEach((name, i) => (params[name] = values[i] ?? ''));
    return { kind: 'match', match: { operation: entry.operation, params } };
  }

  /** Literal segments win over parameters; a final `{path}`/`{ref}`-like parameter may swallow several segments. */
  private find(node: TrieNode, segs: string[], i: number, values: string[]): { node: TrieNode; values: string[] } | undefined {
    if (i === segs.length) return node.ops.size > 0 ? { node, values } : undefined;
    const seg = segs[i]!;
    const lit = node.literal.get(seg);
    if (lit) {
      const r = this.find(lit, segs, i + 1, values);
      if (r) return r;
    }
    if (node.param && seg !== '') {
      const r = this.find(node.param, segs, i + 1, [...values, seg]);
      if (r) return r;
      const greedy = [...node.param.ops.values()].some((e) => GREEDY_PARAMS.has(e.paramNames[e.paramNames.length - 1] ?? ''));
      if (greedy && i < segs.length - 1) {
        return { node: node.param, values: [...values, segs.slice(i).join('/')] };
      }
    }
    return undefined;
  }
}

function splitPath(p: string): string[] {
  const trimmed = p.startsWith('/') ? p.slice(1) : p;
  return trimmed === '' ? [] : trimmed.split('/');
}

// ---------------------------------------------------------------------------------------------
// OpenAPI 3.0 schema -> JSON Schema (draft-07 as understood by Ajv)

const DROP_KEYS = new Set(['description', 'example', 'examples', 'externalDocs', 'discriminator', 'xml', 'deprecated', 'readOnly', 'writeOnly', 'title']);

/**
 * Converts one schema and, transitively, every `#/components/schemas/*` it references, into a
 * self-contained JSON Schema whose references point at `#/definitions/*`.
 */
export function toJsonSchema(schema: JsonObject): JsonObject {
  const { spec } = loadSpec();
  const definitions: Record<string, Json> = {};
  const queue: string[] = [];
  const seen = new Set<string>();

  const convert = (node: Json): Json => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string') {
      const prefix = '#/components/schemas/';
      if (!ref.startsWith(prefix)) throw new Error(`unsupported schema $ref ${ref}`);
      const name = ref.slice(prefix.length);
      if (!seen.has(name)) {
        seen.add(name);
        queue.push(name);
      }
      return { $ref: `#/definitions/${name}` };
    }
    const out: JsonObject = {};
    for (const [key, value] of Object.entries(node)) {
      if (DROP_KEYS.has(key) || key.startsWith('x-') || key === 'nullable') continue;
      switch (key) {
        case 'properties':
        case 'patternProperties': {
          const props: JsonObject = {};
          for (const [name, sub] of Object.entries(value as JsonObject)) props[name] = convert(sub);
          out[key] = props;
          break;
        }
        case 'items':
          out[key] = Array.isArray(value) ? value.map(convert) : convert(value);
          break;
        case 'additionalProperties':
        case 'not':
          out[key] = typeof value === 'object' ? convert(value) : value;
          break;
        case 'allOf':
        case 'anyOf':
        case 'oneOf':
          out[key] = (value as Json[]).map(convert);
          break;
        default:
          out[key] = value;
      }
    }
    if (node['nullable'] === true) {
      const type = out['type'];
      if (typeof type === 'string') {
        out['type'] = [type, 'null'];
        if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
        return out;
      }
      if (Array.isArray(type)) {
        if (!type.includes('null')) out['type'] = [...type, 'null'];
        return out;
      }
      return { anyOf: [{ type: 'null' }, out] };
    }
    return out;
  };

  const root = convert(schema);
  while (queue.length > 0) {
    const name = queue.pop()!;
    const target = spec.components.schemas[name];
    if (!target) throw new Error(`dangling $ref #/components/schemas/${name}`);
    definitions[name] = convert(target);
  }
  return { allOf: [root], definitions };
}

// ---------------------------------------------------------------------------------------------
// Ajv

type AddFormats = (ajv: Ajv) => Ajv;
const addFormats = ((ajvFormatsModule as unknown as { default: AddFormats & { default?: AddFormats } }).default.default ??
  (ajvFormatsModule as unknown as { default: AddFormats }).default) as AddFormats;

const silentLogger = { log() {}, warn() {}, error: (...args: unknown[]) => console.error(...args) };

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    verbose: true,
    unicodeRegExp: false,
    coerceTypes: coerce,
    logger: silentLogger,
    // Formats GitHub uses that ajv-formats does not know: accept anything.
    formats: { 'repo.nwo': true, timestamp: true },
  });
  addFormats(ajv);
  return ajv;
}

let bodyAjv: Ajv | undefined;
let paramAjv: Ajv | undefined;
const getBodyAjv = () => (bodyAjv ??= makeAjv(false));
const getParamAjv = () => (paramAjv ??= makeAjv(true));

interface OperationValidators {
  path?: ValidateFunction;
  query?: ValidateFunction;
  queryNames: Set<string>;
  body?: ValidateFunction;
  bodySchema?: JsonObject;
  compileErrors: string[];
}

const validatorCache = new Map<string, OperationValidators>();

function paramsSchema(params: OpenApiParameter[]): JsonObject {
  const properties: JsonObject = {};
  const required: string[] = [];
  for (const p of params) {
    properties[p.name] = p.schema ?? {};
    if (p.required || p.in === 'path') required.push(p.name);
  }
  return { type: 'object', properties, required };
}

function validatorsFor(op: Operation): OperationValidators {
  const cached = validatorCache.get(op.operationId);
  if (cached) return cached;
  const v: OperationValidators = { queryNames: new Set(), compileErrors: [] };
  const compile = (ajv: Ajv, schema: JsonObject, what: string): ValidateFunction | undefined => {
    try {
      return ajv.compile(toJsonSchema(schema));
    } catch (e) {
      v.compileErrors.push(`[fake] could not compile ${what} schema of ${op.operationId}: ${(e as Error).message}`);
      return undefined;
    }
  };
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const queryParams = op.parameters.filter((p) => p.in === 'query');
  for (const p of queryParams) v.queryNames.add(p.name);
  if (pathParams.length > 0) {
    const f = compile(getParamAjv(), paramsSchema(pathParams), 'path parameter');
    if (f) v.path = f;
  }
  const q = compile(getParamAjv(), paramsSchema(queryParams), 'query parameter');
  if (q) v.query = q;
  if (op.requestBody?.schema) {
    const f = compile(getBodyAjv(), op.requestBody.schema, 'request body');
    if (f) {
      v.body = f;
      v.bodySchema = toJsonSchema(op.requestBody.schema);
    }
  }
  validatorCache.set(op.operationId, v);
  return v;
}

function describe(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return `array(${data.length})`;
  if (typeof data === 'string') return JSON.stringify(data.length > 40 ? `${data.slice(0, 40)}...` : data);
  if (typeof data === 'object') return 'object';
  return `${typeof data} ${String(data)}`;
}

function formatErrors(where: string, errors: ErrorObject[] | null | undefined): string[] {
  if (!errors) return [];
  const out = new Set<string>();
  for (const e of errors) {
    const at = where + e.instancePath.replace(/\/(\d+)(?=\/|$)/g, '[$1]').replace(/\//g, '.');
    const p = e.params as Record<string, unknown>;
    let msg: string;
    switch (e.keyword) {
      case 'required':
        msg = `${at}: missing required property '${String(p['missingProperty'])}'`;
        break;
      case 'enum':
        msg = `${at}: must be one of ${(p['allowedValues'] as unknown[]).map((x) => JSON.stringify(x)).join(', ')} (got ${describe(e.data)})`;
        break;
      case 'type':
        msg = `${at}: must be ${String(p['type'])} (got ${describe(e.data)})`;
        break;
      case 'additionalProperties':
        msg = `${at}: unexpected property '${String(p['additionalProperty'])}'`;
        break;
      default:
        msg = `${at}: ${e.message ?? e.keyword}`;
    }
    out.add(msg);
  }
  const list = [...out];
  if (list.length > MAX_ERRORS_PER_PART) {
    return [...list.slice(0, MAX_ERRORS_PER_PART), `${where}: ... and ${list.length - MAX_ERRORS_PER_PART} more`];
  }
  return list;
}

/** Fields present in `data` that the (converted) schema does not declare. Only follows plain properties/items. */
function unknownFields(schema: Json, data: unknown, at: string, defs: JsonObject, out: string[]): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  let s: JsonObject = schema;
  for (let guard = 0; guard < 10; guard++) {
    const ref = s['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#/definitions/')) s = (defs[ref.slice(14)] as JsonObject) ?? {};
    else if (Array.isArray(s['allOf']) && s['allOf'].length === 1 && !s['properties']) s = s['allOf'][0] as JsonObject;
    else break;
  }
  if (Array.isArray(data)) {
    const items = s['items'];
    if (items && typeof items === 'object' && !Array.isArray(items)) data.forEach((d, i) => unknownFields(items, d, `${at}[${i}]`, defs, out));
    return;
  }
  if (data === null || typeof data !== 'object') return;
  const props = s['properties'] as JsonObject | undefined;
  if (!props || s['additionalProperties'] !== undefined || s['patternProperties'] !== undefined) return;
  const known = new Set(Object.keys(props));
  for (const k of ['allOf', 'anyOf', 'oneOf']) {
    for (const branch of (s[k] as JsonObject[] | undefined) ?? []) {
      for (const name of Object.keys((branch['properties'] as JsonObject | undefined) ?? {})) known.add(name);
    }
  }
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (!known.has(key)) out.push(`${at}: unknown field '${key}' (GitHub ignores it; typo?)`);
    else if (props[key] !== undefined) unknownFields(props[key]!, value, `${at}.${key}`, defs, out);
  }
}

/**
 * Validates one request against its operation. `query` values are strings as they came off the wire;
 * `body` is the parsed JSON body, or `undefined` when there was none.
 */
export function checkRequest(op: Operation, rawParams: Record<string, string>, rawQuery: Record<string, string>, body: unknown): RequestCheck {
  const v = validatorsFor(op);
  const errors: string[] = [...v.compileErrors];
  const lints: string[] = [];

  const params: Record<string, unknown> = { ...rawParams };
  if (v.path && !v.path(params)) errors.push(...formatErrors('path', v.path.errors));

  const query: Record<string, unknown> = { ...rawQuery };
  for (const name of Object.keys(rawQuery)) {
    if (!v.queryNames.has(name)) {
      lints.push(`query: unknown parameter '${name}' (GitHub ignores it; typo?)`);
      delete query[name];
    }
  }
  if (v.query && !v.query(query)) errors.push(...formatErrors('query', v.query.errors));
  for (const name of Object.keys(rawQuery)) if (!(name in query)) query[name] = rawQuery[name];

  if (body === undefined) {
    if (op.requestBody?.required) errors.push('body: request body is required');
  } else if (!op.requestBody) {
    if (!(typeof body === 'object' && body !== null && Object.keys(body).length === 0)) {
      lints.push(`body: ${op.operationId} takes no request body (GitHub ignores it)`);
    }
  } else if (v.body) {
    if (!v.body(body)) errors.push(...formatErrors('body', v.body.errors));
    else if (v.bodySchema) unknownFields(v.bodySchema, body, 'body', (v.bodySchema['definitions'] as JsonObject) ?? {}, lints);
  }
  return { errors, lints, params, query };
}

// ---------------------------------------------------------------------------------------------
// Responses

const responseValidatorCache = new Map<string, ValidateFunction | null>();

/**
 * Validates a response body against the spec's schema for `operationId` and `status`.
 * Returns the violations (empty when valid). Throws if the operation or status is not described.
 */
export function checkResponse(operationId: string, status: number, body: unknown): string[] {
  const key = `${operationId} ${status}`;
  let validate = responseValidatorCache.get(key);
  if (validate === undefined) {
    const op = loadSpec().router.operation(operationId);
    if (!op) throw new Error(`unknown operationId ${operationId}`);
    const response = op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses['default'];
    if (!response) throw new Error(`${operationId} documents no ${status} response`);
    const content = response['content'] as Record<string, { schema?: JsonObject }> | undefined;
    const schema = content?.['application/json']?.schema;
    validate = schema ? getBodyAjv().compile(toJsonSchema(schema)) : null;
    responseValidatorCache.set(key, validate);
  }
  if (validate === null) return body === undefined || body === '' ? [] : [`${key}: spec documents no JSON body`];
  return validate(body) ? [] : formatErrors('response', validate.errors);
}
