#pragma once
// The CLI's commands: each is a name, its options and a function from options to one JSON object.
#include "app/cli/Json.h"
#include "app/cli/Options.h"

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

namespace rr::cli {

struct Command {
    std::string name;
    std::string summary;     // one line for the command list
    std::string description; // a paragraph for `COMMAND --help`
    std::vector<OptionSpec> options;
    std::function<Json(const Options&)> run;
    // Instead of `run`, for output too large to hold (reconstruct's cells): printed as it is computed.
    std::function<StreamedJson(const Options&)> runStreamed;
    // A command made of subcommands (`basket transition ...`): `run` and `options` are then unused and
    // the first argument names the subcommand.
    std::vector<Command> subcommands;
};

Command describeCommand();
Command riskCommand();
Command reidentificationCommand();
Command optimizeCommand();
Command randomizeCommand();
Command reconstructCommand();
Command regressCommand();
Command compareCommand();
Command anonymizeCommand();
Command anatomyCommand();
Command measuresCommand();
Command rulesCommand();
Command loglinearCommand();
Command independenceCommand();
Command basketCommand();

std::vector<Command> allCommands();

std::string usage(const std::vector<Command>& commands);
// A command's options, or for a command with subcommands the list of them.
std::string usage(const Command& command);

// Runs `rr-explorer-cli args...`: JSON on `out`, one error line on `err`.
// Returns the exit code: 0 ok, 2 bad input, 1 internal failure.
int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// What runCli does after the help texts, for front ends that map the errors themselves (the Python module):
// the command `args` name (InputError with runCli's message otherwise; `rest` gets its arguments; a command
// with subcommands is returned only when `rest` starts with a help word), then that command run and its JSON
// written to `out`. Errors are thrown as the command throws them (InputError, IoError, std::bad_alloc, ...).
Command resolveCommand(const std::vector<Command>& commands, const std::vector<std::string>& args,
                       std::vector<std::string>& rest);
void runResolved(const Command& command, const std::vector<std::string>& rest, std::ostream& out);
// "out of memory while running 'risk' (peak 1.0 GiB of address space; the limit is 1.0 GiB)".
std::string outOfMemoryMessage(const std::string& command);

} // namespace rr::cli
