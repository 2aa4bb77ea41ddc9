/**
 * Registers <sm-history> (the view: history.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { History } from './history';

defineWidget('sm-history', History, tags['sm-history']);

export default History;
