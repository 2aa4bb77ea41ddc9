/**
 * Registers <sm-survey> (the view: survey.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Survey } from './survey';

defineWidget('sm-survey', Survey, tags['sm-survey']);

export default Survey;
