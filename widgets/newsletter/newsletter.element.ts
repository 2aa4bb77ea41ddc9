/**
 * Registers <sm-newsletter> (the view: newsletter.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Newsletter } from './newsletter';

defineWidget('sm-newsletter', Newsletter, tags['sm-newsletter']);

export default Newsletter;
