/**
 * Registers <sm-subscribe> (the view: subscribe.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Subscribe } from './subscribe';

defineWidget('sm-subscribe', Subscribe, tags['sm-subscribe']);

export default Subscribe;
