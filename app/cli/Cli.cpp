// Dispatch, help and the exit-code contract: 0 ok, 2 bad input, 1 internal failure.
#include "app/cli/Commands.h"
#include "app/cli/SessionOptions.h"

#include "core/analysis/AnalysisMemory.h"
#include "core/data/Errors.h"
#include "core/data/Interrupt.h"
#include "core/data/TerminalText.h"

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <fstream>
#include <ostream>
#include <sstream>

#include <sys/resource.h>

namespace rr::cli {
namespace {

constexpr const char* kProgram = "rr-explorer-cli";

// One line, and nothing the terminal acts on: a message quotes input (a CSV header, a session's value), so its
// line breaks and escape sequences are written as \x0a, \x1b (core/data/TerminalText).
std::string oneLine(const std::string& s)
{
    return escapeControls(s);
}

// Breaks a paragraph into lines of at most `width` characters.
std::string wrap(const std::string& text, std::size_t width = 96)
{
    std::istringstream words(text);
    std::string word, line, out;
    while (words >> word) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + '\n';
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return out + line;
}

bool isHelp(const std::string& a)
{
    return a == "--help" || a == "-h" || a == "help";
}

// "  name   summary" lines aligned to the longest name.
std::string commandList(const std::vector<Command>& commands)
{
    std::size_t width = 0;
    for (const auto& c : commands)
        width = std::max(width, c.name.size() + 1);
    std::string out;
    for (const auto& c : commands)
        out += "  " + c.name + std::string(width - c.name.size(), ' ') + c.summary + '\n';
    return out;
}

std::string commandNames(const std::vector<Command>& commands)
{
    std::string names;
    for (const auto& c : commands)
        names += (names.empty() ? "" : ", ") + c.name;
    return names;
}

const Command* findCommand(const std::vector<Command>& commands, const std::string& name)
{
    auto it = std::find_if(commands.begin(), commands.end(), [&](const Command& c) { return c.name == name; });
    return it == commands.end() ? nullptr : &*it;
}

// `sub` of `parent`, named "parent sub" so that its usage and messages show the whole command.
Command subcommandOf(const Command& parent, const Command& sub)
{
    Command c = sub;
    c.name = parent.name + ' ' + sub.name;
    return c;
}

// After an allocation failed: what the process had mapped at its peak and its address-space limit, from
// /proc/self/status and getrlimit, e.g. " (peak 1.0 GiB of address space; the limit is 1.0 GiB)".
std::string outOfMemoryFigure()
{
    std::string figure;
    std::ifstream status("/proc/self/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("VmPeak:", 0) == 0) {
            const double kib = std::strtod(line.c_str() + 7, nullptr);
            if (kib > 0)
                figure = "peak " + formatBytes(kib * 1024) + " of address space";
        }
    rlimit limit{};
    if (::getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY)
        figure += (figure.empty() ? "" : "; ") + std::string("the limit is ") +
                  formatBytes(static_cast<double>(limit.rlim_cur));
    return figure.empty() ? "" : " (" + figure + ")";
}

} // namespace

std::vector<Command> allCommands()
{
    return {describeCommand(),  riskCommand(),    reidentificationCommand(), optimizeCommand(),
            randomizeCommand(), reconstructCommand(), regressCommand(), measuresCommand(), rulesCommand(),
            loglinearCommand(), independenceCommand(), compareCommand(), anonymizeCommand(),
            anatomyCommand(),   basketCommand()};
}

std::string usage(const std::vector<Command>& commands)
{
    std::ostringstream os;
    os << "Usage: " << kProgram << " COMMAND [options]\n\n"
       << "Randomized response on categorical microdata. Each command prints one JSON object on stdout;\n"
       << "errors go to stderr as one line, with exit code 2 for bad input and 1 for an internal failure.\n\n"
       << "Commands:\n"
       << commandList(commands) << "\nRun '" << kProgram << " COMMAND --help' for a command's options.\n";
    return os.str();
}

std::string usage(const Command& c)
{
    std::ostringstream os;
    if (!c.subcommands.empty()) {
        os << "Usage: " << kProgram << ' ' << c.name << " SUBCOMMAND [options]\n\n"
           << wrap(c.description) << "\n\nSubcommands:\n"
           << commandList(c.subcommands) << "\nRun '" << kProgram << ' ' << c.name
           << " SUBCOMMAND --help' for a subcommand's options.\n";
        return os.str();
    }
    os << "Usage: " << kProgram << ' ' << c.name << " [options]\n\n" << wrap(c.description) << "\n\nOptions:\n";
    for (const auto& o : c.options) {
        std::string head = "  --" + o.name + (o.isFlag() ? "" : " " + o.valueName);
        os << head << (head.size() < 28 ? std::string(28 - head.size(), ' ') : "\n" + std::string(28, ' ')) << o.help
           << (o.repeatable ? " (repeatable)" : "") << '\n';
    }
    os << "  --help                    this text\n";
    return os.str();
}

int runCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const std::vector<Command> commands = allCommands();
    auto fail = [&](int code, const std::string& message) {
        finishIfInterrupted(); // a signal stopped the work: "interrupted: nothing was written", not this error
        err << kProgram << ": error: " << oneLine(message) << '\n';
        return code;
    };
    if (!args.empty() && isHelp(args.front())) {
        // `help COMMAND [SUBCOMMAND]`
        const Command* c = args.size() > 1 ? findCommand(commands, args[1]) : nullptr;
        if (!c) {
            out << usage(commands);
            return 0;
        }
        Command shown = *c;
        if (args.size() > 2)
            if (const Command* sub = findCommand(c->subcommands, args[2]))
                shown = subcommandOf(*c, *sub);
        out << usage(shown);
        return 0;
    }
    try {
        std::vector<std::string> rest;
        const Command command = resolveCommand(commands, args, rest);
        if (!command.subcommands.empty() || // stopped at `help`
            std::any_of(rest.begin(), rest.end(), [](const std::string& a) { return a == "--help" || a == "-h"; })) {
            out << usage(command);
            return 0;
        }
        try {
            runResolved(command, rest, out);
            return 0;
        } catch (const std::bad_alloc&) {
            return fail(1, outOfMemoryMessage(command.name));
        }
    } catch (const InputError& e) {
        return fail(2, e.what());
    } catch (const IoError& e) {
        return fail(1, e.what());
    } catch (const std::exception& e) {
        return fail(1, std::string("internal failure: ") + e.what());
    } catch (...) {
        return fail(1, "internal failure (unknown exception)");
    }
}

std::string outOfMemoryMessage(const std::string& command)
{
    return "out of memory while running '" + command + "'" + outOfMemoryFigure();
}

Command resolveCommand(const std::vector<Command>& commands, const std::vector<std::string>& args,
                       std::vector<std::string>& rest)
{
    if (args.empty())
        throw InputError(std::string("no command given (see '") + kProgram + " --help')");
    const Command* found = findCommand(commands, args.front());
    if (!found)
        throw InputError("unknown command '" + args.front() + "' (commands: " + commandNames(commands) + "; see '" +
                         kProgram + " --help')");
    Command command = *found;
    rest.assign(args.begin() + 1, args.end());
    while (!command.subcommands.empty()) {
        if (rest.empty())
            throw InputError("'" + command.name + "' needs a subcommand (" + commandNames(command.subcommands) +
                             "; see '" + kProgram + ' ' + command.name + " --help')");
        if (isHelp(rest.front()))
            break; // `basket --help`: the list of subcommands
        const Command* sub = findCommand(command.subcommands, rest.front());
        if (!sub)
            throw InputError("unknown subcommand '" + rest.front() + "' of '" + command.name +
                             "' (subcommands: " + commandNames(command.subcommands) + "; see '" + kProgram + ' ' +
                             command.name + " --help')");
        command = subcommandOf(command, *sub);
        rest.erase(rest.begin());
    }
    return command;
}

void runResolved(const Command& command, const std::vector<std::string>& rest, std::ostream& out)
{
    const Options options = Options::parse(command.name, expandSession(rest, command.options), command.options);
    if (command.runStreamed) {
        writeJson(command.runStreamed(options), out);
        return;
    }
    const Json result = command.run(options);
    requireFinite(result);
    writeJson(result, out);
}

} // namespace rr::cli
