// A listing name read the right way round: an article written after it (data/names/articles.json) moves to the front.
import articles from '../../data/names/articles.json' with { type: 'json' };
import type { Language } from '../../model/countries.ts';
import { issue, type Normalised } from './issues.ts';

/** A language's list of the articles table, checked: every entry a word. `table` is the committed file unless a test gives one. */
export function articlesOf(language: Language, table: Record<string, unknown> = articles): readonly string[] {
  const list: unknown = table[language];
  if (!Array.isArray(list) || list.some((word) => typeof word !== 'string' || word.trim() === '')) {
    throw new Error(`data/names/articles.json: ${language} must be a list of articles`);
  }
  return list as string[];
}

/** An article as a pattern: letters escaped, an apostrophe written straight or curly. */
const articlePattern = (article: string) => article.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]");

/** "Madrigueras (Las)", "Aguilas(Las)", "Miradero, (El)", "Alenes del Mar, Los": the name, then one of the articles at the very end. */
export function trailingArticlePattern(listed: readonly string[]): RegExp {
  const alternatives = listed.map(articlePattern).join('|');
  return new RegExp(`^(.*?\\S)\\s*(?:,\\s*)?\\(\\s*(${alternatives})\\s*\\)$|^(.*\\S)\\s*,\\s*(${alternatives})$`, 'iu');
}

interface LanguageArticles {
  articles: readonly string[];
  trailing: RegExp;
}

/** Built per language on first use, never when the module loads: a mistake in the table stops the first name read. */
const BY_LANGUAGE = new Map<Language, LanguageArticles>();
function articlesFor(language: Language): LanguageArticles {
  return BY_LANGUAGE.get(language) ?? readArticles(language);
}
function readArticles(language: Language): LanguageArticles {
  const list = articlesOf(language);
  const found = { articles: list, trailing: trailingArticlePattern(list) };
  BY_LANGUAGE.set(language, found);
  return found;
}

/** The article spelled as the table writes it, in capitals when the whole name is: "CANGO (EL)" → "EL CANGO". */
function spelled(written: string, name: string, listed: readonly string[]): string {
  const folded = written.replace(/’/g, "'").toLowerCase();
  const article = listed.find((known) => known.toLowerCase() === folded) ?? written;
  return name === name.toUpperCase() && name !== name.toLowerCase() ? article.toUpperCase() : article;
}

/** The name with a trailing article moved to the front, in the language's articles; any other name unchanged. */
export function moveNameArticleToFront(name: string, language: Language): string {
  // Both forms need a closing bracket at the end or a comma: most names have neither and skip the pattern.
  if (!name.endsWith(')') && !name.includes(',')) return name;
  const { articles: listed, trailing } = articlesFor(language);
  const match = trailing.exec(name);
  if (match === null) return name;
  const rest = (match[1] ?? match[3])!;
  const article = spelled((match[2] ?? match[4])!, rest, listed);
  return article.endsWith("'") ? `${article}${rest}` : `${article} ${rest}`;
}

/** The rule on a normalised name, with the repair recorded (name/article-moved) when it changed it. */
export function tidyNameArticle(name: string | null, language: Language): Normalised<string | null> {
  if (name === null) return { value: null, issues: [] };
  const value = moveNameArticleToFront(name, language);
  if (value === name) return { value, issues: [] };
  return { value, issues: [issue('name', 'article-moved', name, `read as "${value}"`)] };
}
