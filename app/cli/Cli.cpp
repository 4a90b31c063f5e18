// Dispatch, help and the exit-code contract: 0 ok, 2 bad input, 1 internal failure.
#include "app/cli/Commands.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <exception>
#include <ostream>
#include <sstream>

namespace rr::cli {
namespace {

constexpr const char* kProgram = "rr-explorer-cli";

// One line: a message with line breaks would break the "one clear line" contract.
std::string oneLine(std::string s)
{
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\r', ' ');
    return s;
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

} // namespace

std::vector<Command> allCommands()
{
    return {describeCommand(),     riskCommand(),     optimizeCommand(),  randomizeCommand(),
            reconstructCommand(),  measuresCommand(), rulesCommand(),     loglinearCommand(),
            independenceCommand(), compareCommand(),  anonymizeCommand(), anatomyCommand()};
}

std::string usage(const std::vector<Command>& commands)
{
    std::ostringstream os;
    os << "Usage: " << kProgram << " COMMAND [options]\n\n"
       << "Randomized response on categorical microdata. Each command prints one JSON object on stdout;\n"
       << "errors go to stderr as one line, with exit code 2 for bad input and 1 for an internal failure.\n\n"
       << "Commands:\n";
    std::size_t width = 0;
    for (const auto& c : commands)
        width = std::max(width, c.name.size() + 1);
    for (const auto& c : commands)
        os << "  " << c.name << std::string(width - c.name.size(), ' ') << c.summary << '\n';
    os << "\nRun '" << kProgram << " COMMAND --help' for a command's options.\n";
    return os.str();
}

std::string usage(const Command& c)
{
    std::ostringstream os;
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
        err << kProgram << ": error: " << oneLine(message) << '\n';
        return code;
    };
    if (args.empty())
        return fail(2, std::string("no command given (see '") + kProgram + " --help')");
    if (isHelp(args.front())) {
        if (args.size() > 1) {
            auto it =
                std::find_if(commands.begin(), commands.end(), [&](const Command& c) { return c.name == args[1]; });
            if (it != commands.end()) {
                out << usage(*it);
                return 0;
            }
        }
        out << usage(commands);
        return 0;
    }
    auto it = std::find_if(commands.begin(), commands.end(), [&](const Command& c) { return c.name == args.front(); });
    if (it == commands.end()) {
        std::string names;
        for (const auto& c : commands)
            names += (names.empty() ? "" : ", ") + c.name;
        return fail(2,
                    "unknown command '" + args.front() + "' (commands: " + names + "; see '" + kProgram + " --help')");
    }
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (std::any_of(rest.begin(), rest.end(), [](const std::string& a) { return a == "--help" || a == "-h"; })) {
        out << usage(*it);
        return 0;
    }
    try {
        const Options options = Options::parse(it->name, rest, it->options);
        const Json result = it->run(options);
        requireFinite(result);
        writeJson(result, out);
        return 0;
    } catch (const InputError& e) {
        return fail(2, e.what());
    } catch (const IoError& e) {
        return fail(1, e.what());
    } catch (const std::bad_alloc&) {
        return fail(1, "out of memory");
    } catch (const std::exception& e) {
        return fail(1, std::string("internal failure: ") + e.what());
    } catch (...) {
        return fail(1, "internal failure (unknown exception)");
    }
}

} // namespace rr::cli
