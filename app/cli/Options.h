#pragma once
// Command-line options of one CLI command: what it accepts, and the values given.
#include "core/api/Names.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rr::cli {

// One option a command accepts (`--name VALUE` or the flag `--name`).
struct OptionSpec {
    std::string name;      // without the leading "--"
    std::string valueName; // e.g. "FILE"; empty for a flag
    std::string help;
    bool repeatable = false; // may be given several times (e.g. --data)

    bool isFlag() const { return valueName.empty(); }
};

// The options given to one command, checked against its specs. Every problem
// (unknown option, missing value, repeated option, stray argument) is an InputError.
class Options {
public:
    static Options parse(const std::string& command, const std::vector<std::string>& args,
                         const std::vector<OptionSpec>& specs);

    bool has(const std::string& name) const { return m_values.count(name) > 0; }
    bool flag(const std::string& name) const { return has(name); }
    // The value of a single-valued option, if given.
    std::optional<std::string> value(const std::string& name) const;
    // The value of an option the command cannot run without.
    std::string required(const std::string& name) const;
    // Every value of a repeatable option, in order.
    std::vector<std::string> values(const std::string& name) const;

private:
    std::string m_command;
    std::map<std::string, std::vector<std::string>> m_values;
};

// `more` after `options`: a command's list made of shared parts.
inline void appendOptions(std::vector<OptionSpec>& options, const std::vector<OptionSpec>& more)
{
    options.insert(options.end(), more.begin(), more.end());
}

// "A, B,C" -> {"A", "B", "C"}; items are trimmed; an empty item is an error naming the option.
std::vector<std::string> splitList(const std::string& text, const std::string& option);
// Comma list keeping empty items (for --missing, where "" means "an empty field").
std::vector<std::string> splitTokens(const std::string& text);

// "A, B, C" for messages.
using api::joinNames;

// A finite decimal number, the whole text; otherwise InputError naming `what`.
double parseNumber(const std::string& text, const std::string& what);
// A non-negative integer that fits 64 bits.
unsigned long long parseUnsigned(const std::string& text, const std::string& what);

// --p "NAME=VALUE,...": pairs in the order given; malformed items and repeated names are errors.
std::vector<std::pair<std::string, double>> parseRetentionList(const std::string& text);

// "NAME=VALUE,..." as text pairs in the order given (split at the first '='; items trimmed); malformed
// items and repeated names are InputErrors naming `option`.
std::vector<std::pair<std::string, std::string>> parseAssignments(const std::string& text, const std::string& option);

} // namespace rr::cli
