/**
 * Registers <sm-login> (the view: login.tsx; its attributes, events and parts: widgets/tags.ts).
 * The loader imports it; tools/prerender.tsx renders its default export.
 */
import { defineWidget } from '../../shared/ui/define';
import { tags } from '../tags';
import { Login } from './login';

defineWidget('sm-login', Login, tags['sm-login']);

export default Login;
