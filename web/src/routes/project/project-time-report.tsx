import { useParams } from "react-router";
import { ProjectTimeReport } from "@/features/projects/project-time-report";

export function Component() {
  const { projectId = "" } = useParams();
  return <ProjectTimeReport projectId={projectId} />;
}
