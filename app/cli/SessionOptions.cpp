#include "app/cli/SessionOptions.h"

#include "app/cli/SampleDir.h"
#include "core/data/Errors.h"
#include "core/session/SessionFile.h"
#include "core/sources/SqlUrl.h"
#include "core/sources/SecretScrub.h"

#include <algorithm>
#include <cstdio>
#include <set>

namespace rr::cli {
namespace {

bool accepts(const std::vector<OptionSpec>& specs, const std::string& name)
{
    return std::any_of(specs.begin(), specs.end(), [&](const OptionSpec& s) { return s.name == name; });
}

// The option names given on the command line ("--x V" and "--x=V").
std::set<std::string> givenNames(const std::vector<std::string>& args)
{
    std::set<std::string> names;
    for (const std::string& a : args)
        if (a.rfind("--", 0) == 0 && a.size() > 2)
            names.insert(a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2));
    return names;
}

// p as the CLI reads it back exactly (17 significant digits).
std::string exact(double x)
{
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", x);
    return buffer;
}

std::string delimiterName(char c)
{
    return c == '\t' ? "tab" : std::string(1, c);
}

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& s : items)
        out += (out.empty() ? "" : ",") + s;
    return out;
}

// The session's data as options: files (with how they were read) or a database.
void addData(const std::string& path, const SessionData& s, const std::vector<OptionSpec>& specs,
             const std::set<std::string>& given, std::vector<std::string>& out)
{
    if (s.database) {
        if (!accepts(specs, "sql-url"))
            throw InputError("the session reads a database; this command reads files only");
        // A query in a file runs only when the user has read it and says so (a table is only read).
        if (!s.database->query.empty() && !given.count("allow-session-sql"))
            throw InputError(sql::storedQueryRefusal(path, s.database->url, s.database->query));
        out.insert(out.end(), {"--sql-url", s.database->url});
        if (s.database->query.empty())
            out.insert(out.end(), {"--sql-table", s.database->table});
        else
            out.insert(out.end(), {"--sql-query", s.database->query});
        return;
    }
    for (const std::string& path : s.dataPaths)
        out.insert(out.end(), {"--data", path});
    if (!s.import)
        return;
    for (const std::string& token : s.import->missingTokens)
        if (token.find(',') != std::string::npos)
            throw InputError("the session's missing-value token '" + token +
                             "' holds a comma, which --missing cannot express; give --missing yourself");
    if (!given.count("missing"))
        out.insert(out.end(), {"--missing", joined(s.import->missingTokens)});
    if (s.import->delimiter != 0 && !given.count("delimiter"))
        out.insert(out.end(), {"--delimiter", delimiterName(s.import->delimiter)});
    if (!s.import->hasHeader && !given.count("no-header"))
        out.push_back("--no-header");
}

// A Baskets session: its baskets and breach level as options; --session itself stays (the operator).
std::vector<std::string> expandBasketSession(const std::vector<std::string>& args, const std::string& path,
                                             const std::vector<OptionSpec>& specs)
{
    const BasketsSessionFile s = loadBasketsSessionFile(path, cliSampleDir());
    const std::set<std::string> given = givenNames(args);
    std::vector<std::string> out = args;
    out.insert(out.end(), {"--session", path});
    // The session's baskets are the original ones.
    const std::string original = accepts(specs, "original") ? "original" : "data";
    if (accepts(specs, original) && !given.count(original))
        out.insert(out.end(), {"--" + original, s.data}); // resolved by the reader
    if (accepts(specs, "level") && !given.count("level"))
        out.insert(out.end(), {"--level", exact(s.choice.level)});
    return out;
}

} // namespace

OptionSpec sessionOption()
{
    return {"session", "FILE",
            "an RR Explorer session (saved by the app): its data, roles, policy, p, mode and l, where the command "
            "line gives none"};
}

std::optional<ColumnNames> sessionColumnNames(const Options& options)
{
    const auto path = options.value("session");
    if (!path)
        return std::nullopt;
    const SessionData s = loadSessionFile(*path, cliSampleDir());
    if (!s.import || s.import->columnNames.empty() || options.values("data") != s.dataPaths)
        return std::nullopt;
    return ColumnNames{s.import->columnNames, s.import->columnLabels};
}

namespace {

// The arguments without --session FILE (or --session=FILE), the file, and how often it was given.
struct SessionArgument {
    std::vector<std::string> rest;
    std::string path;
    int count = 0;
};

SessionArgument splitSessionArgument(const std::vector<std::string>& args)
{
    SessionArgument a;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--session" && i + 1 < args.size() && args[i + 1].rfind("--", 0) != 0) {
            a.path = args[++i];
            ++a.count;
        } else if (args[i].rfind("--session=", 0) == 0) {
            a.path = args[i].substr(10);
            ++a.count;
        } else {
            a.rest.push_back(args[i]);
        }
    }
    return a;
}

// The session's bins, unless the command line bins that attribute itself.
void addBins(const std::string& path, const SessionData& s, const std::vector<std::string>& rest,
             std::vector<std::string>& out)
{
    std::set<std::string> binnedHere;
    for (std::size_t i = 0; i + 1 < rest.size(); ++i)
        if (rest[i] == "--bin")
            binnedHere.insert(rest[i + 1].substr(0, rest[i + 1].find('=')));
    for (const std::string& a : rest)
        if (a.rfind("--bin=", 0) == 0)
            binnedHere.insert(a.substr(6, a.find('=', 6) == std::string::npos ? std::string::npos : a.find('=', 6) - 6));
    for (const BinSpec& b : s.bins)
        if (b.attribute.find('=') != std::string::npos)
            throw InputError("session file " + path + ": the binned attribute '" + b.attribute +
                             "' holds '=', which --bin cannot express");
        else if (!binnedHere.count(b.attribute))
            out.insert(out.end(), {"--bin", b.attribute + "=" + binSpecText(b)});
}

// --sensitive: the views' S, and with several (issue 22) the other sensitive attributes with their --knows.
void addSensitive(const SessionData& s, bool several, const std::set<std::string>& given,
                  std::vector<std::string>& out)
{
    std::vector<std::string> sensitive{s.spec.sensitive};
    for (const SensitiveTarget& t : several ? s.spec.alsoSensitive : std::vector<SensitiveTarget>{}) {
        sensitive.push_back(t.attribute);
        if (!t.knows.empty() && !given.count("knows"))
            out.insert(out.end(), {"--knows", t.attribute + "=" + joined(t.knows)});
    }
    out.insert(out.end(), {"--sensitive", joined(sensitive)});
}

// --p of the roles' attributes only: the GUI keeps p of attributes it no longer analyses.
void addP(const SessionData& s, const std::vector<OptionSpec>& specs, const std::vector<std::string>& roles,
          std::vector<std::string>& out)
{
    std::vector<std::string> items;
    // A command of the QIs alone (reidentification) takes no p of the sensitive attribute.
    const bool qiOnly = accepts(specs, "qi") && !accepts(specs, "sensitive");
    for (const std::string& name : roles)
        if (qiOnly && name == s.spec.sensitive)
            continue;
        else if (const auto it = s.p.find(name); it != s.p.end())
            items.push_back(name + "=" + exact(it->second));
    if (!items.empty())
        out.insert(out.end(), {"--p", joined(items)});
}

} // namespace

std::vector<std::string> expandSession(const std::vector<std::string>& args, const std::vector<OptionSpec>& specs)
{
    if (!accepts(specs, "session"))
        return args;
    const SessionArgument a = splitSessionArgument(args);
    const std::vector<std::string>& rest = a.rest;
    const std::string& path = a.path;
    if (a.count == 0)
        return args; // a bare --session is left for the parser's "needs a value"
    if (a.count > 1)
        throw InputError("option --session is given more than once");
    if (accepts(specs, "operator"))
        return expandBasketSession(rest, path, specs);
    const SessionData s = loadSessionFile(path, cliSampleDir());
    const std::set<std::string> given = givenNames(rest);
    // Several sensitive attributes (issue 22) go to the commands that take --knows; the others get the views' S.
    const bool several = !s.spec.alsoSensitive.empty() && accepts(specs, "knows");
    const std::vector<std::string> roles = several ? s.spec.allAttributes() : s.spec.analysed();
    for (const std::string& name : roles)
        if (name.find_first_of(",=") != std::string::npos)
            throw InputError("session file " + path + ": the attribute name '" + name +
                             "' holds ',' or '=', which --qi and --p cannot express");
    const auto wants = [&](const std::string& name) { return accepts(specs, name) && !given.count(name); };

    std::vector<std::string> out = rest;
    out.insert(out.end(), {"--session", path}); // kept: no output may replace it
    const bool dataGiven = given.count("data") || given.count("sql-url");
    if (!dataGiven)
        addData(path, s, specs, given, out);
    if (accepts(specs, "bin") && !dataGiven)
        addBins(path, s, rest, out);
    if (wants("qi"))
        out.insert(out.end(), {"--qi", joined(s.spec.quasiIdentifiers)});
    if (wants("sensitive"))
        addSensitive(s, several, given, out);
    if (wants("drop-incomplete") && s.spec.policy == MissingPolicy::DropIncomplete)
        out.push_back("--drop-incomplete");
    if (wants("mode"))
        out.insert(out.end(), {"--mode", toString(s.mode)});
    if (wants("p"))
        addP(s, specs, roles, out);
    if (wants("l") && !given.count("tau"))
        out.insert(out.end(), {"--l", exact(1.0 / s.tau)});
    else if (wants("tau") && !given.count("l") && !accepts(specs, "l"))
        out.insert(out.end(), {"--tau", exact(s.tau)});
    return out;
}

} // namespace rr::cli
