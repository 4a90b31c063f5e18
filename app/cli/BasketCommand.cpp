// `basket`: randomized market baskets (004; 001, 002 for per-item bits), one subcommand per task.
#include "app/cli/BasketCommands.h"

namespace rr::cli {

Command basketCommand()
{
    Command c;
    c.name = "basket";
    c.summary = "randomized market baskets: transition, randomize, estimate, mine, breach (004), privacy (002)";
    c.description =
        "Market baskets (FIMI files: one basket a line, item ids separated by spaces; or a CSV of 0/1 columns) "
        "randomized per basket (004 Def. 5): per-item bits (003 Ch. 3, 001), uniform randomization (004 Sec. 2), "
        "select-a-size (004 Def. 7), cut-and-paste (004 Def. 8) and frequency-aware distortion (002 Alg. 2). "
        "Every subcommand takes the same --operator options. A release is FILE plus FILE.sizes (each basket's "
        "original size, 004 Sec. 4.4) for the size-driven operators, and FILE.frequent (the frequent items) for "
        "frequency-aware distortion.";
    c.subcommands = {basketTransitionCommand(), basketRandomizeCommand(), basketEstimateCommand(), basketMineCommand(),
                     basketBreachCommand(), basketPrivacyCommand()};
    return c;
}

} // namespace rr::cli
