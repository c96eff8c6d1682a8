/**
 * The messages the Streamr node and the SDK log or throw, read from their TypeScript sources,
 * and the check that the operator troubleshooting page quotes only messages that exist.
 * scripts/refresh-troubleshooting-messages.ts writes the list; tests/unit/troubleshooting-page.test.ts
 * compares the page with it.
 */
import ts from 'typescript';

/** Where in the sources a message is written, and at which level. */
export type LogMessage = {
  /** The message; each interpolated value (`${x}`, or a non-literal operand of `+`) is written `${}`. */
  text: string;
  /** `info`, `warn`, `error`, `fatal` (the node's logger), `console` (console.log and kin) or `thrown` (`new …Error(…)`). */
  level: string;
  file: string;
  line: number;
};

/** The placeholder an interpolated value leaves in `text`. */
const VALUE = '${}';

// Levels an operator sees with the default LOG_LEVEL (info); trace and debug are left out.
const LOGGER_LEVELS = new Set(['info', 'warn', 'error', 'fatal']);
const CONSOLE_METHODS = new Set(['log', 'info', 'warn', 'error']);

/** The text of a message argument, or undefined when it has no literal part at all. */
function messageText(node: ts.Expression): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => VALUE + span.literal.text).join('');
  }
  if (ts.isParenthesizedExpression(node)) return messageText(node.expression);
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = messageText(node.left);
    const right = messageText(node.right);
    if (left === undefined && right === undefined) return undefined;
    return (left ?? VALUE) + (right ?? VALUE);
  }
  return undefined;
}

function levelOf(node: ts.CallExpression | ts.NewExpression): string | undefined {
  const callee = node.expression;
  if (ts.isNewExpression(node)) {
    return ts.isIdentifier(callee) && /Error$/.test(callee.text) ? 'thrown' : undefined;
  }
  if (!ts.isPropertyAccessExpression(callee)) return undefined;
  const method = callee.name.text;
  const receiver = callee.expression;
  const receiverName = ts.isIdentifier(receiver)
    ? receiver.text
    : ts.isPropertyAccessExpression(receiver) && receiver.expression.kind === ts.SyntaxKind.ThisKeyword
      ? receiver.name.text
      : undefined;
  if (receiverName === 'logger' && LOGGER_LEVELS.has(method)) return method;
  if (receiverName === 'console' && CONSOLE_METHODS.has(method)) return 'console';
  return undefined;
}

/** Every message with a literal part that `file` logs at info level or above, prints or throws. */
export function extractMessages(source: string, file: string): LogMessage[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: LogMessage[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments?.length) {
      const level = levelOf(node);
      const text = level && messageText(node.arguments[0]);
      if (level && text !== undefined && text.trim() !== '' && text !== VALUE) {
        const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
        found.push({text, level, file, line});
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/**
 * Whether a quote on the page stands for `message`: it must lie within one fixed part of the
 * message (the text between two values, or all of a message without values), so that a search
 * for it finds the log line, and be at least two words long, so that it names one message.
 */
export function quotes(quote: string, message: LogMessage): boolean {
  if (quote.trim().split(/\s+/).length < 2) return false;
  return message.text.split(VALUE).some((part) => part.includes(quote));
}

/** A message the page quotes: an H3 that is one inline code span, and the level and file named below it. */
export type PageQuote = {quote: string; level?: string; file?: string; line: number};

const QUOTE_HEADING = /^### `([^`]+)`\s*$/;
// The first line under the heading names where the message comes from: "`warn` in `packages/…`".
const ORIGIN = /^`(\w+)` in `([^`]+)`/;

/** The quoted messages of a troubleshooting page, with their line numbers in the page. */
export function pageQuotes(page: string): PageQuote[] {
  const lines = page.split('\n');
  const result: PageQuote[] = [];
  lines.forEach((text, index) => {
    const heading = QUOTE_HEADING.exec(text);
    if (!heading) return;
    const next = lines.slice(index + 1).find((candidate) => candidate.trim() !== '') ?? '';
    const origin = ORIGIN.exec(next);
    result.push({quote: heading[1], level: origin?.[1], file: origin?.[2], line: index + 1});
  });
  return result;
}

/** One problem per quote that the list does not hold, or whose level and file it does not confirm. */
export function checkPageQuotes(page: string, pageName: string, messages: readonly LogMessage[]): string[] {
  const problems: string[] = [];
  for (const {quote, level, file, line} of pageQuotes(page)) {
    const where = `${pageName}:${line}`;
    const matches = messages.filter((message) => quotes(quote, message));
    if (matches.length === 0) {
      problems.push(`${where}: "${quote}" is not in the fixed text of any message of the list`);
    } else if (level === undefined || file === undefined) {
      problems.push(`${where}: the line under "${quote}" must start with \`<level>\` in \`<source file>\``);
    } else if (!matches.some((message) => message.level === level && message.file === file)) {
      const known = matches.map((message) => `${message.level} in ${message.file}`).join('; ');
      problems.push(`${where}: "${quote}" is not logged as ${level} in ${file} (the list has: ${known})`);
    }
  }
  return problems;
}
