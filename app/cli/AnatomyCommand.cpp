// `anatomy`: an l-diverse partition published as a QI table and a sensitive table (Xiao and Tao). The options
// become one api::AnatomyRequest; core/api/Anatomy.h plans, releases and writes the JSON.
#include "app/cli/BaselineInputs.h"
#include "app/cli/Commands.h"
#include "app/cli/Dataset.h"
#include "app/cli/ReleaseTargets.h"
#include "app/cli/Requests.h"

#include "core/api/Anatomy.h"
#include "core/data/Errors.h"

namespace rr::cli {
namespace {

// The two tables' names, checked (a folder is no prefix; neither file may be an input).
api::AnatomyOutputs anatomyOutputsFrom(const Options& options)
{
    const ReleaseTargetTexts targets = releaseTargetTexts(options);
    checkReleaseTargets(targets, options);
    std::optional<std::string> format;
    readOptions<std::optional<std::string>>(
        options, format, {{"out-format", [](std::optional<std::string>& f, const std::string& text) { f = text; }}});
    const std::string tablePrefix = targets.table.value_or("");
    if (!tablePrefix.empty() && format)
        throw InputError("--out-format applies to files (--out PREFIX), not to --out-sql-table");
    const std::string ext = anatomyExtension(format.value_or("csv"));
    api::AnatomyOutputs o =
        api::anatomyOutputsOf(tablePrefix.empty() ? (targets.out.empty() ? "" : targets.out.front()) : tablePrefix,
                              !tablePrefix.empty(), ext);
    o.force = targets.force;
    if (!o.toTables)
        checkOutputsAreNotInputs(options, {o.qitPath, o.stPath});
    return o;
}

} // namespace

std::string anatomyExtension(const std::string& format)
{
    if (format == "csv" || format == "sav" || format == "dta" || format == "xpt")
        return "." + format;
    throw InputError("--out-format takes csv, sav (SPSS), dta (Stata) or xpt (SAS transport), not '" + format + "'");
}

// Read in the order the checks always ran: the outputs, --l, the data, the roles.
api::AnatomyRequest anatomyRequestFrom(const Options& options)
{
    api::AnatomyRequest request;
    request.outputs = anatomyOutputsFrom(options);
    request.l = wholeLOption(modelOptionTexts(options));
    request.data = dataRequest(options);
    request.roles = rolesFrom(options);
    readOptions<api::AnatomyRequest>(options, request, {flagOption("keep-order", &api::AnatomyRequest::keepOrder)});
    request.missingToken = missingToken(options);
    return request;
}

Command anatomyCommand()
{
    Command c;
    c.name = "anatomy";
    c.summary = "write an anatomized release: QI table with group ids and sensitive table with counts";
    c.description =
        "Partitions the records into l-diverse groups with Xiao and Tao's anatomy algorithm (every group holds at "
        "least l records with pairwise distinct sensitive values) and writes PREFIX.qit.csv (the QI columns plus "
        "'group') and PREFIX.st.csv ('group', the sensitive attribute, 'count'), or both as SPSS, Stata or SAS "
        "transport files (--out-format; value labels kept). Needs individual records and no "
        "sensitive value on more than 1/l of them. The groups are planned from the counts and the QI table is "
        "written streamed, its records in a uniformly random order unless --keep-order. max_risk is "
        "max_r Pr(S_r | QI_r) (003 Definition 7), at most 1/l.";
    c.options = dataOptions();
    c.options.push_back(dropIncompleteOption());
    appendOptions(c.options, roleOptions());
    c.options.push_back({"l", "L", "the number of distinct sensitive values per group, a whole number 2..1000000"});
    c.options.push_back(
        {"keep-order", "", "keep the source's record order in the QI table (a risk: records can be aligned)"});
    c.options.push_back({"out", "PREFIX", "prefix of the two files written (both or neither, atomically)"});
    c.options.push_back({"out-format", "F", "csv (default), sav, dta or xpt: the format of both files"});
    c.options.push_back({"out-sql-table", "PREFIX",
                         "instead of --out: the tables PREFIX_qit and PREFIX_st in the database of --sql-url, created "
                         "and filled in one transaction (both or neither; existing ones replaced only with --force)"});
    c.options.push_back(releaseForceOption());
    c.run = [](const Options& options) {
        return api::anatomyJson(api::anatomyOf(anatomyRequestFrom(options), keepRunningProgress()));
    };
    return c;
}

} // namespace rr::cli
