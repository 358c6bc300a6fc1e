import { useParams } from "react-router";
import { ProjectTimeline } from "@/features/projects/project-timeline";

export function Component() {
  const { projectId = "" } = useParams();
  return <ProjectTimeline projectId={projectId} />;
}
