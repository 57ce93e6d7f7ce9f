/**
 * What is said to the model and how its answer becomes an article. The topic
 * goes in the user message, never in the system prompt, so a topic cannot
 * rewrite the instructions. The answer's first `# ` heading is the title
 * (removed from the body when it opens the text, since platforms show the
 * title separately); without one, the first line is the title.
 */
import { GENERATION_STYLES, type GenerationStyle } from './generation.schemas.js';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

export function buildMessages(input: { topic: string; style: GenerationStyle; wordCount: number }): ChatMessage[] {
  return [
    {
      role: 'system',
      content: [
        'You write original articles for a content publishing service.',
        'Answer with one article in Markdown and nothing else: no preamble, no closing remarks, no code fence around it.',
        'The first line is the title as a level-1 heading: "# Title". The body follows; use ## subheadings where they help.',
        `Style: ${GENERATION_STYLES[input.style]}.`,
        `Length: about ${input.wordCount} words.`,
        'Write in the language of the topic. Do not include images.',
      ].join('\n'),
    },
    { role: 'user', content: `Topic: ${input.topic}` },
  ];
}

const WRAPPING_FENCE = /^(`{3,}|~{3,})[ \t]*(?:markdown|md)?[ \t]*\n([\s\S]*?)\n\1[ \t]*$/i;
const ATX_H1 = /^ {0,3}#[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const MAX_TITLE = 200;

function cleanTitle(line: string): string {
  const stripped = line
    .replace(/^ {0,3}#{1,6}[ \t]*/, '')
    .replace(/^(\*\*|__)(.*)\1$/, '$2')
    .replace(/^(title|标题)\s*[:：]\s*/i, '')
    .trim();
  return stripped.length > MAX_TITLE ? stripped.slice(0, MAX_TITLE).trimEnd() : stripped;
}

/** The title and body of a model's answer, or null when it holds no usable article. */
export function parseGeneratedArticle(text: string): { title: string; content: string } | null {
  let body = text.replace(/\r\n?/g, '\n').trim();
  const fenced = WRAPPING_FENCE.exec(body);
  if (fenced) body = fenced[2]!.trim();
  if (!body) return null;

  const lines = body.split('\n');
  const firstTextLine = lines.findIndex((l) => l.trim() !== '');
  const headingLine = lines.findIndex((l) => ATX_H1.test(l) && ATX_H1.exec(l)![1]!.trim() !== '');
  let title: string;
  let content: string;
  if (headingLine !== -1) {
    title = cleanTitle(ATX_H1.exec(lines[headingLine]!)![1]!);
    content = headingLine === firstTextLine ? lines.slice(headingLine + 1).join('\n').trim() : body;
  } else {
    title = cleanTitle(lines[firstTextLine]!);
    content = body;
  }
  if (!title || !content) return null;
  return { title, content };
}
