/**
 * Checks GitHub applies that its OpenAPI description does not express.
 *
 * `errors`: GitHub answers 422 (documented limits / documented "required if" rules).
 * `lints`: GitHub accepts the request, but the docs say not to do it; recorded as violations only.
 */
import { parseQuery } from './search.ts';

export interface RuleResult {
  errors: string[];
  lints: string[];
}

const ISSUE_TITLE_MAX = 256;
const BODY_MAX = 65536;
const LABEL_NAME_MAX = 50;
const LABEL_DESCRIPTION_MAX = 100;
const SEARCH_TEXT_MAX = 256;

type Obj = Record<string, unknown>;
const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x);

function checkRunRules(body: Obj, creating: boolean, r: RuleResult): void {
  const hasConclusion = typeof body['conclusion'] === 'string';
  // On update the spec's own anyOf covers `status: completed`; a conclusion may also have been set earlier.
  if (creating && body['status'] === 'completed' && !hasConclusion) {
    r.errors.push("body.conclusion: required when status is 'completed'");
  }
  if (creating && body['completed_at'] !== undefined && !hasConclusion) {
    r.errors.push('body.conclusion: required when completed_at is provided');
  }
  const output = body['output'];
  if (isObj(output) && Array.isArray(output['annotations'])) {
    output['annotations'].forEach((a, i) => {
      if (!isObj(a)) return;
      const hasCols = a['start_column'] !== undefined || a['end_column'] !== undefined;
      if (hasCols && a['start_line'] !== a['end_line']) {
        r.lints.push(`body.output.annotations[${i}]: start_column/end_column must be omitted when start_line != end_line`);
      }
      if (typeof a['start_line'] === 'number' && typeof a['end_line'] === 'number' && a['end_line'] < a['start_line']) {
        r.lints.push(`body.output.annotations[${i}]: end_line < start_line`);
      }
    });
  }
}

function issueRules(body: Obj, r: RuleResult): void {
  const title = body['title'];
  if (typeof title === 'string') {
    if (title.trim() === '') r.errors.push('body.title: must not be blank');
    if (title.length > ISSUE_TITLE_MAX) r.errors.push(`body.title: is too long (maximum is ${ISSUE_TITLE_MAX} characters, got ${title.length})`);
  }
  bodyRule(body, r);
}

function bodyRule(body: Obj, r: RuleResult): void {
  const text = body['body'];
  if (typeof text === 'string' && text.length > BODY_MAX) {
    r.errors.push(`body.body: is too long (maximum is ${BODY_MAX} characters, got ${text.length})`);
  }
}

function labelRules(body: Obj, r: RuleResult): void {
  const name = body['name'] ?? body['new_name'];
  if (typeof name === 'string' && name.length > LABEL_NAME_MAX) {
    r.errors.push(`body.name: is too long (maximum is ${LABEL_NAME_MAX} characters)`);
  }
  const color = body['color'];
  if (typeof color === 'string' && !/^[0-9a-fA-F]{6}$/.test(color)) {
    r.errors.push(`body.color: must be 6 hexadecimal digits without a leading '#' (got ${JSON.stringify(color)})`);
  }
  const description = body['description'];
  if (typeof description === 'string' && description.length > LABEL_DESCRIPTION_MAX) {
    r.errors.push(`body.description: is too long (maximum is ${LABEL_DESCRIPTION_MAX} characters)`);
  }
}

function searchRules(query: Record<string, unknown>, r: RuleResult): void {
  const q = query['q'];
  if (typeof q !== 'string') return;
  const parsed = parseQuery(q);
  if (parsed.kinds.size === 0) {
    r.errors.push("query.q: must include 'is:issue' or 'is:pull-request' (GitHub answers 422 since 2025)");
  }
  if (parsed.textLength > SEARCH_TEXT_MAX) {
    r.errors.push(`query.q: the search text is longer than ${SEARCH_TEXT_MAX} characters`);
  }
}

export function checkRules(operationId: string, query: Record<string, unknown>, body: unknown): RuleResult {
  const r: RuleResult = { errors: [], lints: [] };
  const b = isObj(body) ? body : undefined;
  switch (operationId) {
    case 'checks/create':
    case 'checks/update':
      if (b) checkRunRules(b, operationId === 'checks/create', r);
      break;
    case 'issues/create':
    case 'issues/update':
      if (b) issueRules(b, r);
      break;
    case 'issues/create-comment':
    case 'issues/update-comment':
      if (b) bodyRule(b, r);
      break;
    case 'issues/create-label':
    case 'issues/update-label':
      if (b) labelRules(b, r);
      break;
    case 'search/issues-and-pull-requests':
      searchRules(query, r);
      break;
  }
  return r;
}
