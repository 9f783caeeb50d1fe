// `/admin/teachers` is one of the approvals pages (admin-approvals-page.tsx); its route names this file.
export { AdminTeachersPage as default } from './admin-approvals-page';
