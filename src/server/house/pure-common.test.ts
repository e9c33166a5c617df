import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const COMMON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../common");
/** Calls that change what they are called on or with: an effect, which the web build would drop (vite.config.ts). */
const CHANGES =
  /^(sort|reverse|splice|push|pop|shift|unshift|fill|copyWithin|set|add|delete|clear|assign|defineProperty|freeze|register)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return file.endsWith(".ts") && !file.endsWith(".test.ts") ? [file] : [];
  });
}

describe("src/common's top-level constants", () => {
  // The web build marks every call in them pure and leaves out the constants a page does not read
  // (pureCommonConstants in vite.config.ts): a call made there for its effect would silently not happen.
  it("are computed by calls without effects", () => {
    const found: string[] = [];
    for (const file of sources(COMMON)) {
      const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
        if (ts.isCallExpression(node)) {
          const callee = node.expression;
          const name = ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : ts.isIdentifier(callee)
              ? callee.text
              : "";
          // freezing an object made right there changes nothing anyone else holds
          const fresh = name === "freeze" && !!node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0]);
          if (CHANGES.test(name) && !fresh) {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            found.push(`${path.relative(COMMON, file)}:${line} ${node.getText().slice(0, 60)}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      for (const statement of source.statements) if (ts.isVariableStatement(statement)) visit(statement);
    }
    expect(found, "a top-level constant of src/common made by a call with an effect").toEqual([]);
  });
});
