#pragma once
// The subcommands of `basket` (randomized market baskets, 004), one file each.
#include "app/cli/Commands.h"

namespace rr::cli {

Command basketTransitionCommand();
Command basketRandomizeCommand();
Command basketEstimateCommand();
Command basketMineCommand();
Command basketBreachCommand();
Command basketPrivacyCommand();

} // namespace rr::cli
