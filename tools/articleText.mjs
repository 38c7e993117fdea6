/**
 * The text of generated articles (tools/generate-articles.mjs writes them
 * as files; the search's budget test indexes them in memory): titles,
 * descriptions and bodies drawn from a seeded random generator over a real
 * vocabulary, with headings, lists, links, inline code, tables and code
 * blocks in several languages. The same number always gives the same article.
 */
import { seededRandom } from './seededRandom.mjs';

const WORDS = `
the a an of to in for on with by from at about after before during between through under over
we you they it this that these those our your their its every each some many few most other
is are was were be been being have has had do does did can could should would will may might must
team code review change branch commit merge test build deploy release server client request response
cache latency throughput memory thread process queue worker job schedule retry timeout failure error
bug fix patch version dependency library framework module package function method class object type
interface schema database query index table row column migration transaction lock replica shard
network socket protocol header body stream buffer chunk frame packet route handler middleware proxy
browser page script style layout render hydrate component state effect hook event listener handler
user visitor customer reader recruiter colleague maintainer reviewer author owner operator engineer
design decision trade-off constraint budget estimate deadline roadmap milestone sprint backlog ticket
small large fast slow simple complex clear messy stable fragile safe risky cheap expensive readable
first second next last early late often rarely always never usually sometimes quickly carefully
write read measure profile benchmark refactor rename delete split extract inline document explain
learn teach share ship plan debug trace log monitor alert page rollback upgrade configure automate
because although while when where whether unless until since so but and or yet also still even just
production staging development laptop container cluster region zone kernel filesystem disk network
morning week month year quarter day hour minute second moment decade weekend evening night
problem solution question answer idea habit rule pattern practice lesson mistake surprise result
`
  .split(/\s+/)
  .filter(Boolean);

const TOPICS = [
  'Caching',
  'Code Review',
  'Testing',
  'Observability',
  'Accessibility',
  'Performance',
  'Databases',
  'Deployments',
  'TypeScript',
  'Rust',
  'React',
  'Refactoring',
  'On-call',
  'Documentation',
  'Security',
  'Networking',
  'Queues',
  'Feature Flags',
  'Migrations',
  'Mentoring',
  'Estimation',
  'Monitoring',
  'CSS',
  'Build Tools',
  'Git',
];

const CODE = [
  [
    'ts',
    (r) =>
      `export async function retry<T>(work: () => Promise<T>, attempts = ${2 + Math.floor(r() * 5)}): Promise<T> {\n  for (let i = 1; ; i++) {\n    try {\n      return await work();\n    } catch (error) {\n      if (i >= attempts) throw error;\n      await new Promise((done) => setTimeout(done, ${100 + Math.floor(r() * 900)} * i));\n    }\n  }\n}`,
  ],
  [
    'rust',
    (r) =>
      `fn median(values: &mut [u64]) -> Option<u64> {\n    values.sort_unstable();\n    // ${pick(r, WORDS)} ${pick(r, WORDS)} ${pick(r, WORDS)}\n    values.get(values.len() / 2).copied()\n}`,
  ],
  [
    'python',
    (r) =>
      `def chunks(items, size=${8 + Math.floor(r() * 120)}):\n    """Yield successive ${pick(r, WORDS)} slices of items."""\n    for start in range(0, len(items), size):\n        yield items[start:start + size]`,
  ],
  [
    'sql',
    (r) =>
      `SELECT author, count(*) AS reviews\nFROM pull_requests\nWHERE merged_at > now() - interval '${1 + Math.floor(r() * 90)} days'\nGROUP BY author\nORDER BY reviews DESC;`,
  ],
  [
    'bash',
    (r) =>
      `for port in ${8000 + Math.floor(r() * 999)} ${9000 + Math.floor(r() * 999)}; do\n  curl -fsS "http://localhost:$port/health" || echo "port $port is down"\ndone`,
  ],
  [
    'go',
    (r) =>
      `func worker(jobs <-chan Job, results chan<- Result) {\n\tfor job := range jobs {\n\t\t// ${pick(r, WORDS)} ${pick(r, WORDS)}\n\t\tresults <- job.Run(${Math.floor(r() * 64)})\n\t}\n}`,
  ],
];

const pick = (r, list) => list[Math.floor(r() * list.length)];
const capital = (s) => s[0].toUpperCase() + s.slice(1);

function sentence(r, min = 8, max = 22, plain = false) {
  const n = min + Math.floor(r() * (max - min));
  const words = Array.from({ length: n }, () => pick(r, WORDS));
  if (plain) return `${capital(words.join(' '))}.`;
  if (r() < 0.15) words[Math.floor(r() * n)] = `\`${pick(r, WORDS)}${pick(r, ['()', '.json', 'Id', '_count', ''])}\``;
  if (r() < 0.1)
    words[Math.floor(r() * n)] =
      `[${pick(r, WORDS)} ${pick(r, WORDS)}](https://example.com/${pick(r, WORDS)}-${Math.floor(r() * 1000)})`;
  if (r() < 0.1) words[Math.floor(r() * n)] = `**${pick(r, WORDS)}**`;
  return `${capital(words.join(' '))}${pick(r, ['.', '.', '.', '?', '!'])}`;
}

const paragraph = (r) => Array.from({ length: 3 + Math.floor(r() * 4) }, () => sentence(r)).join(' ');

function body(r, words) {
  const blocks = [];
  let count = 0;
  while (count < words) {
    const kind = r();
    let block;
    if (blocks.length > 0 && kind < 0.1) block = `## ${sentence(r, 3, 7, true).slice(0, -1)}`;
    else if (kind < 0.17)
      block = Array.from({ length: 3 + Math.floor(r() * 3) }, () => `- ${sentence(r, 5, 12)}`).join('\n');
    else if (kind < 0.22) {
      const [language, code] = pick(r, CODE);
      block = `\`\`\`${language}\n${code(r)}\n\`\`\``;
    } else if (kind < 0.25) {
      const rows = Array.from(
        { length: 3 },
        () => `| ${pick(r, WORDS)} | ${Math.floor(r() * 1000)} ms | ${Math.floor(r() * 100)} % |`,
      );
      block = ['| Case | Time | Share |', '| :--- | ---: | ---: |', ...rows].join('\n');
    } else if (kind < 0.28) block = `> ${sentence(r)}`;
    else block = paragraph(r);
    blocks.push(block);
    count += block.split(/\s+/).length;
  }
  return blocks.join('\n\n');
}

/**
 * The `n`-th generated article, of about `words` words: its title,
 * description, keywords, tags (its topic and one or two more, shared across
 * articles as a real blog's are) and Markdown body.
 */
export function generatedArticle(n, words = 1800) {
  const r = seededRandom(n * 7919);
  const topic = pick(r, TOPICS);
  const title = `${topic}: ${sentence(r, 4, 9, true).slice(0, -1)}`;
  const description = `${sentence(r, 12, 24, true)} ${sentence(r, 8, 16, true)}`;
  const keywords = [topic, capital(pick(r, WORDS)), capital(pick(r, WORDS))];
  const tags = [topic, pick(r, TOPICS), pick(r, TOPICS)].slice(0, 2 + Math.floor(r() * 2));
  return { title, description, keywords, tags, body: body(r, words) };
}
