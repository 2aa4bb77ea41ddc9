/**
 * Registers <sm-donate> (the view: donate.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Donate } from './donate';

defineWidget('sm-donate', Donate, tags['sm-donate']);

export default Donate;
