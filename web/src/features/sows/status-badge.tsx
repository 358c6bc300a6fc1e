import { SOW_STATUS_LABEL, type SowVersionStatus } from "@domain/sows";
import { Badge, type BadgeProps } from "@/components/ui/badge";

const VARIANT: Record<SowVersionStatus, BadgeProps["variant"]> = {
  draft: "outline",
  sent: "default",
  signed: "success",
  superseded: "secondary",
};

/** A statement of work's (or one of its versions') status as a badge. */
export function SowStatusBadge({ status }: { status: SowVersionStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {SOW_STATUS_LABEL[status]}
    </Badge>
  );
}
