import { Menu } from "lucide-react";
import { buttonVariants } from "@/components/ui/button-variants";
import { firstLoadLayoutCopy } from "./first-load-copy";

/**
 * The 打开菜单 button of the mobile drawers (below md). A plain <button>, not <Button>: it is on every
 * page, and <Button> brings tailwind-merge. `props` are the on-demand popup's placeholder or trigger props.
 */
export function MobileMenuButton(props: object) {
  return (
    <button type="button" className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`} aria-label={firstLoadLayoutCopy.openMenu} {...props}>
      <Menu aria-hidden />
    </button>
  );
}
