import { useParams } from "react-router";
import { ProjectDashboard } from "@/features/projects/project-dashboard";

export function Component() {
  const { projectId = "" } = useParams();
  return <ProjectDashboard projectId={projectId} />;
}
