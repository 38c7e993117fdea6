/** Renders an article body: the list of plain-data blocks described in data/articles.js. */
import { ui } from '../data/index.js';
import './ArticleBody.css';

function Block({ block }) {
  switch (block.type) {
    case 'p':
      return <p className={block.lead ? 'article-lead' : undefined}>{block.text}</p>;
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'h3':
      return <h3>{block.text}</h3>;
    case 'quote':
      return (
        <blockquote>
          <p>{block.text}</p>
        </blockquote>
      );
    case 'ul':
    case 'ol': {
      const List = block.type;
      return (
        <List>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </List>
      );
    }
    case 'code':
      return (
        // Focusable so keyboard users can scroll a long line sideways on a phone.
        <pre className="code-block" data-language={block.language} tabIndex={0}
          aria-label={ui.codeBlockLabel.replace('{language}', block.language ?? '')}>
          <code>{block.text}</code>
        </pre>
      );
    case 'img':
      return (
        <figure>
          <img src={block.src} alt={block.alt} width={block.width} height={block.height} loading="lazy" />
          {block.caption && <figcaption>{block.caption}</figcaption>}
        </figure>
      );
    default:
      throw new Error(`Unknown article block type "${block.type}"`);
  }
}

export default function ArticleBody({ blocks }) {
  return (
    <div className="article-body">
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
    </div>
  );
}
