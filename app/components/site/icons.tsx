import {
  CodeIcon,
  CpuIcon,
  FactoryIcon,
  GiftIcon,
  GlobeIcon,
  LightbulbIcon,
  type LucideIcon,
  MonitorIcon,
  PencilRulerIcon,
  ServerIcon,
  SmartphoneIcon,
  WrenchIcon,
} from "lucide-react";

/** Icons named in app/content, shipped with the bundle (lucide). */
const ICONS: Record<string, LucideIcon> = {
  code: CodeIcon,
  cpu: CpuIcon,
  factory: FactoryIcon,
  gift: GiftIcon,
  globe: GlobeIcon,
  lightbulb: LightbulbIcon,
  monitor: MonitorIcon,
  "pencil-ruler": PencilRulerIcon,
  server: ServerIcon,
  smartphone: SmartphoneIcon,
  wrench: WrenchIcon,
};

export function ContentIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? CodeIcon;
  return <Icon aria-hidden="true" className={className} />;
}
