/**
 * Registers <sm-history> (the view: history.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports this module when a <sm-history> is connected and renders its default export.
 */
import { announceSignOuts } from '../../shared/events/events';
import { session } from '../../shared/session/session';
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { History } from './history';

defineWidget('sm-history', History, tags['sm-history']);
announceSignOuts(session);

export default History;
