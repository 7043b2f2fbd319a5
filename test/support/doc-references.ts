import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';

type Token = MarkdownIt.Token;

/** The documents citations point into: "spec N.N" and "spec section N" into one, "DESIGN section N" into the other. */
export const CITED_DOCUMENTS = { spec: 'docs/interface.md', design: 'docs/design.md' } as const;

type CitedDocument = keyof typeof CITED_DOCUMENTS;

const SECTION_NUMBER = String.raw`\d+(?:\.\d+)?`;
/**
 * `spec 2.8`, `Spec section 7`, `spec sections 4.4 and 5`, `DESIGN sections 8 and 9`. A list continues only after the
 * plural, so that "spec 2.1, 100 requests" cites 2.1 alone.
 */
const CITATION = new RegExp(
  String.raw`\b(spec|DESIGN)\s+(?:(sections)\s+(${SECTION_NUMBER}(?:(?:\s*,\s*|\s+(?:and|or)\s+)${SECTION_NUMBER})*)|(?:section\s+)?(${SECTION_NUMBER}))\b`,
  'gi',
);

const markdown = new MarkdownIt();

/** A heading as GitHub anchors it, and the section number it starts with, if any. */
interface Heading {
  anchor: string;
  section?: string;
}

interface Link {
  text: string;
  target: string;
  line: number;
}

/** The text a heading or link shows, as GitHub renders it before making the anchor. */
function plainText(children: Token[]): string {
  return children
    .filter((child) => child.type === 'text' || child.type === 'code_inline')
    .map((child) => child.content)
    .join('');
}

function headingsOf(source: string): Heading[] {
  const slugger = new GithubSlugger();
  const tokens = markdown.parse(source, {});
  return tokens.flatMap((token, index) => {
    if (token.type !== 'heading_open') return [];
    const text = plainText(tokens[index + 1].children ?? []);
    return [{ anchor: slugger.slug(text), section: /^(\d+(?:\.\d+)?)\.?\s/.exec(text)?.[1] }];
  });
}

function linksOf(source: string): Link[] {
  return markdown
    .parse(source, {})
    .filter((token) => token.type === 'inline')
    .flatMap((inline) => {
      const children = inline.children ?? [];
      return children.flatMap((child, index) => {
        if (child.type !== 'link_open') return [];
        const end = children.findIndex((next, at) => at > index && next.type === 'link_close');
        const text = plainText(children.slice(index + 1, end));
        // markdown-it types attribute values as string or number; a link's href is always the written string.
        return [{ text, target: String(child.attrGet('href') ?? ''), line: (inline.map?.[0] ?? 0) + 1 }];
      });
    });
}

/** The runs of prose a Markdown file shows outside links and code, each with the line its paragraph starts on. */
function proseOutsideLinks(source: string): Array<{ text: string; line: number }> {
  return markdown
    .parse(source, {})
    .filter((token) => token.type === 'inline')
    .flatMap((inline) => {
      const line = (inline.map?.[0] ?? 0) + 1;
      const runs = [''];
      let inLink = false;
      for (const child of inline.children ?? []) {
        if (child.type === 'link_open' || child.type === 'link_close' || child.type === 'code_inline') runs.push('');
        if (child.type === 'link_open') inLink = true;
        if (child.type === 'link_close') inLink = false;
        if (inLink) continue;
        if (child.type === 'text') runs[runs.length - 1] += child.content;
        if (child.type === 'softbreak' || child.type === 'hardbreak') runs[runs.length - 1] += ' ';
      }
      return runs.filter((text) => text.trim()).map((text) => ({ text, line }));
    });
}

/** The citations in a text: which document, which section numbers, and the line they are on. */
function citationsOf(source: string): Array<{ document: CitedDocument; sections: string[]; line: number }> {
  return [...source.matchAll(CITATION)].map((match) => ({
    document: match[1].toLowerCase() === 'spec' ? 'spec' : 'design',
    sections: (match[3] ?? match[4]).match(new RegExp(SECTION_NUMBER, 'g')) ?? [],
    line: source.slice(0, match.index).split('\n').length,
  }));
}

function filesUnder(root: string, folder: string, extension: string): string[] {
  const base = join(root, folder);
  if (!existsSync(base)) return [];
  return readdirSync(base, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(extension) && !/(^|[\\/])(node_modules|dist)([\\/]|$)/.test(path))
    .map((path) => join(folder, path))
    .sort();
}

/**
 * Every citation of the interface or the design, and every relative link of the Markdown files, in README.md,
 * `docs/*.md`, `src/` and `libs/` under `root` that points to a section, file or heading that does not exist, one
 * line each (`README.md:12: spec 2.9: docs/interface.md has no section 2.9`); a citation in README or a page of `docs/`
 * (other than the two cited documents) that is not a link to its section; and a page of `docs/` that README does not
 * link. Empty when everything resolves.
 */
export function brokenReferences(root: string): string[] {
  const headings = new Map<string, Heading[]>();
  const headingsIn = (path: string): Heading[] => {
    if (!headings.has(path)) headings.set(path, existsSync(path) ? headingsOf(readFileSync(path, 'utf8')) : []);
    return headings.get(path) as Heading[];
  };
  const sectionAnchor = (document: CitedDocument, section: string) =>
    headingsIn(resolve(root, CITED_DOCUMENTS[document])).find((heading) => heading.section === section)?.anchor;

  const markdownFiles = ['README.md', ...filesUnder(root, 'docs', '.md')].filter((file) =>
    existsSync(join(root, file)),
  );
  const sourceFiles = [...filesUnder(root, 'src', '.ts'), ...filesUnder(root, 'libs', '.ts')];
  // The cited documents themselves speak of citations ("a citation such as spec 2.8") rather than make them.
  const citedFiles = new Set(Object.values(CITED_DOCUMENTS).map((document) => join(document)));
  const readerPages = markdownFiles.filter((file) => !citedFiles.has(file));
  const broken: string[] = [];

  for (const file of [...markdownFiles, ...sourceFiles]) {
    for (const { document, sections, line } of citationsOf(readFileSync(join(root, file), 'utf8'))) {
      for (const section of sections) {
        if (!sectionAnchor(document, section)) {
          broken.push(
            `${file}:${line}: ${document} ${section}: ${CITED_DOCUMENTS[document]} has no section ${section}`,
          );
        }
      }
    }
  }

  // README and the pages it leads to are read by people on GitHub, where a citation is only as good as the link it is.
  for (const file of readerPages) {
    const path = join(root, file);
    for (const { text, line } of proseOutsideLinks(readFileSync(path, 'utf8'))) {
      for (const { document, sections } of citationsOf(text)) {
        for (const section of sections) {
          const anchor = sectionAnchor(document, section);
          if (anchor) {
            const target = relative(dirname(path), resolve(root, CITED_DOCUMENTS[document]));
            broken.push(`${file}:${line}: ${document} ${section} should link to ${target}#${anchor}`);
          }
        }
      }
    }
  }

  // README is the front door: every page of docs/ is reached from it.
  const readmeLinks = new Set(
    linksOf(readFileSync(join(root, 'README.md'), 'utf8')).map(({ target }) =>
      relative(root, resolve(root, decodeURIComponent(target.split('#')[0]))),
    ),
  );
  for (const page of markdownFiles.filter((file) => file.startsWith(`docs${sep}`) && !readmeLinks.has(file))) {
    broken.push(`README.md: ${page} is not linked`);
  }

  for (const file of markdownFiles) {
    const path = join(root, file);
    for (const { text, target, line } of linksOf(readFileSync(path, 'utf8'))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const [targetPath, anchor] = target.split('#', 2);
      const linked = targetPath ? resolve(dirname(path), decodeURIComponent(targetPath)) : path;
      const shown = relative(root, linked) || '.';
      if (!existsSync(linked)) {
        broken.push(`${file}:${line}: [${text}](${target}): ${shown} does not exist`);
        continue;
      }
      if (anchor !== undefined && !headingsIn(linked).some((heading) => heading.anchor === anchor)) {
        broken.push(`${file}:${line}: [${text}](${target}): ${shown} has no heading #${anchor}`);
        continue;
      }
      // A link that reads as a citation must land on the section it names.
      const [cited] = citationsOf(text);
      if (cited?.sections.length !== 1) continue;
      const expected = sectionAnchor(cited.document, cited.sections[0]);
      const citedPath = resolve(root, CITED_DOCUMENTS[cited.document]);
      if (expected && (linked !== citedPath || anchor !== expected)) {
        broken.push(
          `${file}:${line}: [${text}](${target}) should point to ${CITED_DOCUMENTS[cited.document]}#${expected}`,
        );
      }
    }
  }
  return broken;
}

/** The numbered sections of a document, in order. */
export function sectionNumbers(path: string): string[] {
  return headingsOf(readFileSync(path, 'utf8')).flatMap((heading) => (heading.section ? [heading.section] : []));
}
