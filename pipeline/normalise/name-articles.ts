// A listing name read the right way round: an article written after it (data/names/articles.json) moves to the front.
import articles from '../../data/names/articles.json' with { type: 'json' };
import type { Language } from '../../model/countries.ts';
import { issue, type Normalised } from './issues.ts';

const LANGUAGES: readonly Language[] = ['es', 'en', 'fr', 'pt'];

/** A language's list of the articles table, checked: every entry a word. `table` is the committed file unless a test gives one. */
export function articlesOf(language: Language, table: Record<string, unknown> = articles): readonly string[] {
  const list: unknown = table[language];
  if (!Array.isArray(list) || list.some((word) => typeof word !== 'string' || word.trim() === '')) {
    throw new Error(`data/names/articles.json: ${language} must be a list of articles`);
  }
  return list as string[];
}

const ARTICLES = Object.fromEntries(LANGUAGES.map((language) => [language, articlesOf(language)])) as Record<Language, readonly string[]>;

/** An article as a pattern: letters escaped, an apostrophe written straight or curly. */
const articlePattern = (article: string) => article.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]");

/** "Madrigueras (Las)", "Aguilas(Las)", "Miradero, (El)", "Alenes del Mar, Los": the name, then the article at the very end. */
const TRAILING_ARTICLE = Object.fromEntries(
  LANGUAGES.map((language) => {
    const alternatives = ARTICLES[language].map(articlePattern).join('|');
    return [language, new RegExp(`^(.*?\\S)\\s*(?:,\\s*)?\\(\\s*(${alternatives})\\s*\\)$|^(.*\\S)\\s*,\\s*(${alternatives})$`, 'iu')];
  }),
) as Record<Language, RegExp>;

/** The article spelled as the table writes it, in capitals when the whole name is: "CANGO (EL)" → "EL CANGO". */
function spelled(written: string, name: string, language: Language): string {
  const folded = written.replace(/’/g, "'").toLowerCase();
  const article = ARTICLES[language].find((known) => known.toLowerCase() === folded) ?? written;
  return name === name.toUpperCase() && name !== name.toLowerCase() ? article.toUpperCase() : article;
}

/** The name with a trailing article moved to the front, in the language's articles; any other name unchanged. */
export function moveNameArticleToFront(name: string, language: Language): string {
  // Both forms need a closing bracket at the end or a comma: most names have neither and skip the pattern.
  if (!name.endsWith(')') && !name.includes(',')) return name;
  const match = TRAILING_ARTICLE[language].exec(name);
  if (match === null) return name;
  const rest = (match[1] ?? match[3])!;
  const article = spelled((match[2] ?? match[4])!, rest, language);
  return article.endsWith("'") ? `${article}${rest}` : `${article} ${rest}`;
}

/** The rule on a normalised name, with the repair recorded (name/article-moved) when it changed it. */
export function tidyNameArticle(name: string | null, language: Language): Normalised<string | null> {
  if (name === null) return { value: null, issues: [] };
  const value = moveNameArticleToFront(name, language);
  if (value === name) return { value, issues: [] };
  return { value, issues: [issue('name', 'article-moved', name, `read as "${value}"`)] };
}
