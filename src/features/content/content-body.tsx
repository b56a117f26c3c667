import { Fragment } from 'react';
import { getPlatform } from '../../platform';

// Renders an operator's plain-text page: blank lines split paragraphs, "## " starts a heading, "- " a list item,
// and http(s) addresses become links. No HTML is interpreted, so an edit can never inject markup.
export function ContentBody({ text }: { text: string }) {
  const blocks = text.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const lines = block.split('\n').filter((l) => l.trim() !== '');
        const out: React.ReactNode[] = [];
        let items: string[] = [];
        let para: string[] = [];
        const flush = () => {
          if (para.length) out.push(<p key={`p${out.length}`}>{withLinks(para.join(' '))}</p>);
          if (items.length)
            out.push(
              <ul key={`u${out.length}`}>
                {items.map((item, j) => (
                  <li key={j}>{withLinks(item)}</li>
                ))}
              </ul>,
            );
          para = [];
          items = [];
        };
        for (const line of lines) {
          if (line.startsWith('## ')) {
            flush();
            out.push(<h2 key={`h${out.length}`}>{line.slice(3)}</h2>);
          } else if (line.startsWith('- ')) {
            if (para.length) flush();
            items.push(line.slice(2));
          } else {
            if (items.length) flush();
            para.push(line);
          }
        }
        flush();
        return <Fragment key={i}>{out}</Fragment>;
      })}
    </>
  );
}

function withLinks(text: string): React.ReactNode {
  const parts = text.split(/(https?:\/\/[^\s)]+)/g);
  return parts.map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a
        key={i}
        href={part}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(e) => {
          e.preventDefault(); // inside Telegram, links open in Telegram's browser
          getPlatform().openLink(part);
        }}
      >
        {part.replace(/^https?:\/\/(www\.)?/, '')}
      </a>
    ) : (
      part
    ),
  );
}
