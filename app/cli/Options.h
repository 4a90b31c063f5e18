#pragma once
// Command-line options of one CLI command: what it accepts, and the values given.
#include "core/api/Names.h"

#include <functional>
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
    const std::string& command() const { return m_command; }

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

// Declarative reading (issue 43): a command lists the options of its request once, each with what its text
// sets; readOptions applies the list in its order (the order of the checks). An option not given is skipped; a
// required one not given is the usual "'command' needs --name" error.
template <class Target>
struct OptionBinding {
    std::string name;
    std::function<void(Target&, const std::string&)> set;
    bool required = false;
    bool repeated = false; // `set` once per value given, in order
};

// The text read for a required option: the usual "'command' needs --name" error when it was not given.
std::string requiredText(const std::optional<std::string>& text, const std::string& command, const std::string& name);

template <class Target>
void readOptions(const Options& options, Target& target, const std::vector<OptionBinding<Target>>& bindings)
{
    for (const OptionBinding<Target>& b : bindings) {
        if (b.repeated)
            for (const std::string& text : options.values(b.name))
                b.set(target, text);
        else if (b.required)
            b.set(target, options.required(b.name));
        else if (const std::optional<std::string> text = options.value(b.name))
            b.set(target, *text);
    }
}

// The common bindings: a comma list, a flag, the text as it is, a parsed value, into a member of the request.
template <class Target>
OptionBinding<Target> listOption(const std::string& name, std::vector<std::string> Target::*field,
                                 bool required = false)
{
    return {name, [name, field](Target& t, const std::string& text) { t.*field = splitList(text, name); }, required};
}

template <class Target>
OptionBinding<Target> flagOption(const std::string& name, bool Target::*field)
{
    return {name, [field](Target& t, const std::string&) { t.*field = true; }};
}

// Into a std::string or a std::optional<std::string>.
template <class Target, class Field>
OptionBinding<Target> textOption(const std::string& name, Field Target::*field, bool required = false)
{
    return {name, [field](Target& t, const std::string& text) { t.*field = text; }, required};
}

// A finite decimal number into a double or std::optional<double> member (InputError naming --name).
template <class Target, class Field>
OptionBinding<Target> numberOption(const std::string& name, Field Target::*field, bool required = false)
{
    return {name, [name, field](Target& t, const std::string& text) { t.*field = parseNumber(text, "--" + name); },
            required};
}

// Every value of a repeatable option, appended to a std::vector<std::string> member.
template <class Target>
OptionBinding<Target> repeatedOption(const std::string& name, std::vector<std::string> Target::*field)
{
    return {name, [field](Target& t, const std::string& text) { (t.*field).push_back(text); }, false, true};
}

// A binding's setter that appends each value to a std::vector<std::string> target.
inline void appendText(std::vector<std::string>& values, const std::string& text)
{
    values.push_back(text);
}

// A binding's setter that notes `name` as given (for checks on which options were given, in the bindings' order).
inline std::function<void(std::vector<std::string>&, const std::string&)> givenName(const std::string& name)
{
    return [name](std::vector<std::string>& given, const std::string&) { given.push_back(name); };
}

// `parse(text)` into the member.
template <class Target, class Field, class Parse>
OptionBinding<Target> parsedOption(const std::string& name, Field Target::*field, Parse parse, bool required = false)
{
    return {name, [field, parse](Target& t, const std::string& text) { t.*field = parse(text); }, required};
}

} // namespace rr::cli
