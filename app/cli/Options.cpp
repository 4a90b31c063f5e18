#include "app/cli/Options.h"

#include "core/data/Errors.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace rr::cli {
namespace {

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t");
    return s.substr(b, e - b + 1);
}

const OptionSpec* findSpec(const std::vector<OptionSpec>& specs, const std::string& name)
{
    auto it = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
    return it == specs.end() ? nullptr : &*it;
}

} // namespace

Options Options::parse(const std::string& command, const std::vector<std::string>& args,
                       const std::vector<OptionSpec>& specs)
{
    Options o;
    o.m_command = command;
    const std::string seeHelp = " (see 'rr-explorer-cli " + command + " --help')";
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg.rfind("--", 0) != 0 || arg.size() == 2)
            throw InputError("unexpected argument '" + arg + "' for '" + command + "'" + seeHelp);
        std::string name = arg.substr(2);
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name.erase(eq);
        }
        const OptionSpec* spec = findSpec(specs, name);
        if (!spec)
            throw InputError("unknown option '--" + name + "' for '" + command + "'" + seeHelp);
        std::string value;
        if (spec->isFlag()) {
            if (inlineValue)
                throw InputError("option --" + name + " takes no value");
        } else if (inlineValue) {
            value = *inlineValue;
        } else {
            if (i + 1 >= args.size() || args[i + 1].rfind("--", 0) == 0)
                throw InputError("option --" + name + " needs a value (" + spec->valueName + ")");
            value = args[++i];
        }
        auto& slot = o.m_values[name];
        if (!slot.empty() && !spec->repeatable)
            throw InputError("option --" + name + " is given more than once");
        slot.push_back(value);
    }
    return o;
}

std::optional<std::string> Options::value(const std::string& name) const
{
    auto it = m_values.find(name);
    if (it == m_values.end())
        return std::nullopt;
    return it->second.front();
}

std::string requiredText(const std::optional<std::string>& text, const std::string& command, const std::string& name)
{
    if (!text)
        throw InputError("'" + command + "' needs --" + name + " (see 'rr-explorer-cli " + command + " --help')");
    return *text;
}

std::string Options::required(const std::string& name) const
{
    return requiredText(value(name), m_command, name);
}

std::vector<std::string> Options::values(const std::string& name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? std::vector<std::string>{} : it->second;
}

std::vector<std::string> splitTokens(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (true) {
        const auto comma = text.find(',', start);
        out.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return out;
}

std::vector<std::string> splitList(const std::string& text, const std::string& option)
{
    std::vector<std::string> out;
    for (const auto& item : splitTokens(text)) {
        std::string t = trim(item);
        if (t.empty())
            throw InputError("option --" + option + " has an empty item in '" + text + "'");
        out.push_back(std::move(t));
    }
    return out;
}

double parseNumber(const std::string& text, const std::string& what)
{
    const std::string t = trim(text);
    double v = 0;
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || ptr != t.data() + t.size() || !std::isfinite(v))
        throw InputError(what + ": '" + text + "' is not a finite number");
    return v;
}

unsigned long long parseUnsigned(const std::string& text, const std::string& what)
{
    const std::string t = trim(text);
    unsigned long long v = 0;
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (t.empty() || ec != std::errc() || ptr != t.data() + t.size())
        throw InputError(what + ": '" + text + "' is not a whole number between 0 and 18446744073709551615");
    return v;
}

std::vector<std::pair<std::string, double>> parseRetentionList(const std::string& text)
{
    std::vector<std::pair<std::string, double>> out;
    for (const auto& item : splitList(text, "p")) {
        const auto eq = item.rfind('=');
        if (eq == std::string::npos)
            throw InputError("--p: '" + item + "' is not NAME=VALUE");
        std::string name = trim(item.substr(0, eq));
        if (name.empty())
            throw InputError("--p: '" + item + "' has no attribute name before '='");
        const double p = parseNumber(item.substr(eq + 1), "--p value for '" + name + "'");
        for (const auto& [seen, v] : out)
            if (seen == name)
                throw InputError("--p gives '" + name + "' more than once");
        out.emplace_back(std::move(name), p);
    }
    return out;
}

std::vector<std::pair<std::string, std::string>> parseAssignments(const std::string& text, const std::string& option)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& item : splitList(text, option)) {
        const auto eq = item.find('=');
        if (eq == std::string::npos)
            throw InputError("--" + option + ": '" + item + "' is not NAME=VALUE");
        std::string name = trim(item.substr(0, eq));
        std::string value = trim(item.substr(eq + 1));
        if (name.empty() || value.empty())
            throw InputError("--" + option + ": '" + item + "' needs a name before '=' and a value after it");
        for (const auto& [seen, v] : out)
            if (seen == name)
                throw InputError("--" + option + " gives '" + name + "' more than once");
        out.emplace_back(std::move(name), std::move(value));
    }
    return out;
}

} // namespace rr::cli
