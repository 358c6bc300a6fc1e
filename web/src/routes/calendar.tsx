export { CalendarPage as Component } from "@/features/calendar/calendar-page";
