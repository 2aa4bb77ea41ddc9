/**
 * Registers <sm-topup> (the view: topup.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Topup } from './topup';

defineWidget('sm-topup', Topup, tags['sm-topup']);

export default Topup;
