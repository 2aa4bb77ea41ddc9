/**
 * `@messages/<area>` in Node without Vite (tools/prerender.tsx under tsx, through tsconfig's
 * paths): every catalogue in the folder, compiled synchronously and registered at once, so
 * markup can be rendered in any language.
 */
import { registerLanguage, type Language } from '../shared/i18n/catalogue';
import { catalogueLanguages, compileCatalogue } from './messages';

for (const language of catalogueLanguages()) registerLanguage(language as Language, compileCatalogue(language));
