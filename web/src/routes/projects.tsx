import { AllProjectsPage } from "@/features/projects/all-projects-page";

export function Component() {
  return <AllProjectsPage />;
}
