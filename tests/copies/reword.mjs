/**
 * Every text of a copy's data module written anew, as an owner who writes
 * in another language rewrites the sample's (tests/copies/make-someone-elses.mjs):
 * each text of ui.js, articlesUi.js and pages.js becomes words of that
 * language, a few more than it had, with its `{placeholders}` kept in
 * place. No test can then find the sample's wording, nor count on a
 * text's length. What is not text stays: keys, paths, components, files,
 * the networks a page shows.
 */
import { parse } from 'acorn';

/** The words of each language the copies are written in (joined without spaces where the language has none). */
export const wordsOf = {
  'pt-PT': {
    words: [
      'olá',
      'trabalho',
      'código',
      'projeto',
      'cidade',
      'rio',
      'ponte',
      'janela',
      'caminho',
      'pequeno',
      'rápido',
      'claro',
      'sempre',
      'página',
      'escrever',
      'ler',
      'livro',
      'mensagem',
      'amigo',
      'manhã',
      'noite',
      'azulejo',
      'elétrico',
      'café',
      'servidor',
      'ferramenta',
      'erro',
      'teste',
      'ideia',
      'viagem',
    ],
    space: ' ',
  },
  ko: {
    words: [
      '안녕하세요',
      '개발자',
      '프로젝트',
      '글',
      '코드',
      '서버',
      '빠른',
      '작은',
      '도시',
      '바다',
      '다리',
      '창문',
      '메시지',
      '시험',
      '생각',
      '여행',
      '아침',
      '저녁',
      '도구',
      '오류',
    ],
    space: ' ',
  },
  ja: {
    words: [
      'こんにちは',
      '開発者',
      '作品',
      '記事',
      '仕組み',
      '速い',
      '小さな',
      '町',
      '川',
      '橋',
      '窓',
      '便り',
      '試験',
      '考え',
      '旅',
      '朝',
      '夜',
      '道具',
      '誤り',
      '本',
    ],
    space: '',
  },
};

/** Fields whose value is not text: names the code and the build read. */
const notText = new Set(['key', 'path', 'component', 'src', 'socials', 'logo', 'favicon']);

/** `text` in `language`'s words: as many as it had and one more, its placeholders where they were. */
export function reword(text, language) {
  const { words, space } = wordsOf[language];
  let seed = [...text].reduce((hash, char) => (hash * 31 + char.codePointAt(0)) >>> 0, 7);
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return words[(seed >>> 16) % words.length];
  };
  return text
    .split(/(\{\w+\})/)
    .map((part) => {
      if (/^\{\w+\}$/.test(part)) return part;
      const count = part.split(/\s+/).filter(Boolean).length;
      if (count === 0) return part;
      const said = Array.from({ length: count + 1 }, next).join(space);
      return `${/^\s/.test(part) ? ' ' : ''}${said}${/\s$/.test(part) ? ' ' : ''}`;
    })
    .join('');
}

/** `text` as a string literal in single quotes, as the formatted data modules write them. */
const quoted = (text) => `'${text.replace(/[\\']/g, '\\$&')}'`;

/** The source of a data module with each of its texts reworded into `language`. */
export function rewordSource(source, language) {
  const tree = parse(source, { ecmaVersion: 'latest', sourceType: 'module' });
  const texts = [];
  const walk = (node, field) => {
    if (!node || typeof node.type !== 'string') return;
    // A file named for the bundler: new URL('../images/x.svg', import.meta.url).
    if (node.type === 'NewExpression') return;
    if (node.type === 'Literal' && typeof node.value === 'string') {
      if (!notText.has(field)) texts.push(node);
      return;
    }
    if (node.type === 'Property') {
      walk(node.value, node.key.name ?? node.key.value);
      return;
    }
    for (const [name, child] of Object.entries(node)) {
      if (name === 'type' || name === 'loc') continue;
      for (const item of Array.isArray(child) ? child : [child]) {
        if (item && typeof item === 'object') walk(item, field);
      }
    }
  };
  walk(tree, null);
  let rewritten = source;
  for (const node of texts.sort((a, b) => b.start - a.start))
    rewritten = `${rewritten.slice(0, node.start)}${quoted(reword(node.value, language))}${rewritten.slice(node.end)}`;
  return rewritten;
}

/**
 * A language file's parts (data/languages/<tag>.js) translating every text
 * of `parts` ({ ui, articlesUi, pages }, as the data module has them) into
 * `language` (null: as they are): the texts alone, and each page's key.
 */
export function translationOf(parts, language) {
  const texts = (value, field) => {
    if (notText.has(field)) return undefined;
    if (typeof value === 'string') return language ? reword(value, language) : value;
    if (Array.isArray(value)) {
      const items = value.map((item) => texts(item, field));
      return items.every((item) => item !== undefined) ? items : undefined;
    }
    if (value && typeof value === 'object') {
      const fields = Object.entries(value)
        .map(([name, item]) => [name, texts(item, name)])
        .filter(([, item]) => item !== undefined);
      return fields.length ? Object.fromEntries(fields) : undefined;
    }
    return undefined;
  };
  const { pages, ...rest } = parts;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([name, value]) => [name, texts(value, name)])),
    // A page's path and component are the same in every language (languages.mjs refuses them here).
    pages: pages.map((page) => ({
      key: page.key,
      ...texts({ ...page, path: undefined, component: undefined }, 'page'),
    })),
  };
}
