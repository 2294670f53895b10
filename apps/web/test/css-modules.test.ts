import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Styles that cannot collide (issue 23): every stylesheet of the H5 app and the workbench is a CSS
 * Module, except each app's one global file (theme variables, element resets, the static first
 * screen). A key used from an imported module must be a class the module defines — a misspelt or
 * removed class would otherwise be `undefined` and silently drop the style.
 */
const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const roots = ['apps/web/src', 'apps/workbench/src'];
const allowedGlobal = new Set(['apps/web/src/styles/global.css', 'apps/workbench/src/styles/global.css']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** The class names a stylesheet defines (`:global(...)` parts are not its own). */
export function definedClasses(css: string): Set<string> {
  const text = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(["'])(?:\\.|(?!\1)[^\\])*\1/g, '""')
    .replace(/url\([^)]*\)/g, '')
    .replace(/:global\((?:[^()]|\([^()]*\))*\)/g, '');
  const names = new Set<string>();
  for (const m of text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) if (m[1]) names.add(m[1]);
  return names;
}

/** `import x from '….module.css'` → local name and specifier; plain `.css` imports apart. */
export function cssImports(source: string): {
  modules: Array<{ name: string; specifier: string }>;
  plain: string[];
} {
  const modules: Array<{ name: string; specifier: string }> = [];
  const plain: string[] = [];
  for (const m of source.matchAll(/import\s+(?:([\w$]+)\s+from\s+)?['"]([^'"]+\.css)(?:\?[^'"]*)?['"]/g)) {
    const [, name, specifier] = m;
    if (!specifier) continue;
    if (name && specifier.endsWith('.module.css')) modules.push({ name, specifier });
    else plain.push(specifier);
  }
  return { modules, plain };
}

/** The keys read from a module object: `styles.key` and `styles['key']`. */
export function usedKeys(source: string, name: string): Set<string> {
  const keys = new Set<string>();
  const id = name.replace(/\$/g, '\\$');
  // Not in import lines or comments; quoted strings stay (for `styles['key']`).
  const code = source
    .replace(/^\s*import\s[^;]*;/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
  for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${id}\\.([A-Za-z_$][\\w$]*)`, 'g')))
    if (m[1]) keys.add(m[1]);
  for (const m of code.matchAll(new RegExp(`(?<![\\w$.])${id}\\[\\s*(['"])([^'"]+)\\1\\s*\\]`, 'g')))
    if (m[2]) keys.add(m[2]);
  return keys;
}

const files = roots.flatMap((root) => sourceFiles(join(repo, root)));

describe('the helpers of this test', () => {
  it('read class names, imports and keys', () => {
    const css =
      '.a, .b-c:hover :global(.adm-x .adm-y) { x: url(a.png) } /* .no */ .d.e::before{content:".f"}';
    expect([...definedClasses(css)].sort()).toEqual(['a', 'b-c', 'd', 'e']);
    const src = "import s from './x.module.css';\nimport './y.css';\nconst a = s.one + s['two'] + xs.three;";
    expect(cssImports(src)).toEqual({
      modules: [{ name: 's', specifier: './x.module.css' }],
      plain: ['./y.css'],
    });
    expect([...usedKeys(src, 's')]).toEqual(['one', 'two']);
  });
});

describe('CSS Modules in the H5 app and the workbench', () => {
  it('finds the source files', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('every key used from an imported *.module.css is a class that file defines', () => {
    const problems: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const { name, specifier } of cssImports(source).modules) {
        const cssPath = resolve(dirname(file), specifier);
        let css: string;
        try {
          css = readFileSync(cssPath, 'utf8');
        } catch {
          problems.push(`${relative(repo, file)}: imports ${specifier}, which does not exist`);
          continue;
        }
        const defined = definedClasses(css);
        for (const key of usedKeys(source, name)) {
          if (!defined.has(key)) {
            problems.push(
              `${relative(repo, file)}: ${name}.${key} — no .${key} in ${relative(repo, cssPath)}`,
            );
          }
        }
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('no source file imports a plain (global) stylesheet except the app’s styles/global.css', () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const specifier of cssImports(readFileSync(file, 'utf8')).plain) {
        const target = specifier.startsWith('.')
          ? relative(repo, resolve(dirname(file), specifier))
          : specifier;
        // antd-mobile's own global stylesheet arrives through 'antd-mobile/es/global' (not a .css path).
        if (!allowedGlobal.has(target)) problems.push(`${relative(repo, file)}: imports ${specifier}`);
      }
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
