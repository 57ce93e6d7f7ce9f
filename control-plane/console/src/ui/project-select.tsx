import { Select, type SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { adminApi, unwrap } from '../api/client.js';

/** The API's largest page: more projects than this is past what a picker can show anyway. */
const PROJECT_PAGE = 500;

export const projectsForPicker = {
  queryKey: ['admin', 'projects', 'picker'],
  queryFn: () => unwrap(adminApi.GET('/api/admin/projects', { params: { query: { page: 1, pageSize: PROJECT_PAGE } } })),
  staleTime: 30_000,
} as const;

interface ProjectSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  value: string | null;
  onChange: (projectKey: string | null) => void;
  /** Without a project the filter means "every project"; a required picker has no such choice. */
  required?: boolean;
}

/** Picks a license project by its key; lists each as "name (key)". */
export function ProjectSelect({ value, onChange, required, label = 'Project', ...props }: ProjectSelectProps) {
  const projects = useQuery(projectsForPicker);
  const data = (projects.data?.items ?? []).map((p) => ({ value: p.projectKey, label: `${p.name} (${p.projectKey})` }));
  return (
    <Select
      label={label}
      placeholder={required ? 'Choose a project' : 'All projects'}
      data={data}
      value={value}
      onChange={onChange}
      clearable={!required}
      searchable
      nothingFoundMessage="No such project"
      required={required}
      error={projects.error ? projects.error.message : undefined}
      {...props}
    />
  );
}
