/**
 * Registers <sm-donate> (the view: donate.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports this module when a <sm-donate> is connected and renders its default export.
 */
import { announceSignOuts } from '../../shared/events/events';
import { session } from '../../shared/session/session';
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Donate } from './donate';

defineWidget('sm-donate', Donate, tags['sm-donate']);
announceSignOuts(session);

export default Donate;
