#include "core/session/SessionJson.h"

#include "core/measures/MeasureCatalog.h"
#include "core/session/AnySession.h"
#include "core/session/JsonFields.h"
#include "core/session/SessionHeader.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace rr {
namespace {

using session::failField;
using session::Json;
using session::member;
using session::toJson;

std::string policyKey(MissingPolicy p)
{
    return p == MissingPolicy::DropIncomplete ? "drop-incomplete" : "drop-if-used-missing";
}

// The labels of the messages: "view: 'alpha'".
std::string label(const std::string& where, const std::string& key)
{
    return where + ": '" + key + "'";
}
std::string text(const Json& o, const std::string& key, const std::string& where, bool required = false)
{
    return session::textField(o, key, label(where, key), required);
}
std::vector<std::string> strings(const Json& o, const std::string& key, const std::string& where)
{
    return session::stringsField(o, key, label(where, key));
}
double number(const Json& o, const std::string& key, const std::string& where, double fallback, double lo, double hi)
{
    return session::numberField(o, key, label(where, key), fallback, lo, hi);
}

// An object member, or an empty object when absent; another type is an error.
Json objectField(const Json& o, const std::string& key, const std::string& message)
{
    const Json* v = member(o, key);
    if (!v)
        return Json::object();
    if (!v->is_object())
        failField(message);
    return *v;
}

// The Measures and Rules views' choices (issue 8); both objects are optional.
void readMeasuresAndRules(const Json& view, ViewChoices& v)
{
    const Json m = objectField(view, "measures", "view: 'measures' must be an object");
    const Json r = objectField(view, "rules", "view: 'rules' must be an object");
    const auto attributes = strings(m, "attributes", "view.measures");
    const auto present = strings(m, "present", "view.measures");
    if (attributes.size() > 2 || present.size() > 2)
        failField("view.measures: 'attributes' and 'present' hold two names each");
    if (attributes.size() == 2) {
        v.measuresA = attributes[0];
        v.measuresB = attributes[1];
    }
    if (present.size() == 2) {
        v.measuresPresentA = present[0];
        v.measuresPresentB = present[1];
    }
    const std::string sweep = text(m, "sweep", "view.measures");
    if (!sweep.empty()) {
        if (!measureByKey(sweep))
            failField("view.measures: unknown measure '" + sweep + "' in 'sweep'");
        v.measuresSweep = sweep;
    }
    v.rulesItems = strings(r, "items", "view.rules");
    v.rulesMinSupport = number(r, "minSupport", "view.rules", 0.25, 0.0, 1.0);
    v.rulesMinConfidence = number(r, "minConfidence", "view.rules", 0.65, 0.0, 1.0);
    v.rulesP = number(r, "p", "view.rules", 0.9, 0.0, 1.0);
    const std::string decision = text(r, "decision", "view.rules");
    if (!decision.empty() && decision != "estimate" && decision != "lower" && decision != "upper")
        failField("view.rules: 'decision' must be \"estimate\", \"lower\" or \"upper\"");
    if (!decision.empty())
        v.rulesDecision = decision;
}

// The import options a session keeps: the header row, the delimiter (empty: detected), missing tokens and the
// owner's column names with their labels (both absent when unused, so older readers see the same file).
Json importToJson(const CsvOptions& o)
{
    Json out = Json::object();
    out["header"] = o.hasHeader;
    out["delimiter"] = o.delimiter == 0 ? std::string() : std::string(1, o.delimiter);
    out["missing"] = toJson(o.missingTokens);
    if (!o.columnNames.empty()) // absent when the file's own names are used: older sessions read the same
        out["names"] = toJson(o.columnNames);
    if (std::any_of(o.columnLabels.begin(), o.columnLabels.end(), [](const std::string& l) { return !l.empty(); }))
        out["labels"] = toJson(o.columnLabels);
    return out;
}

CsvOptions importFromJson(const Json& o)
{
    if (!o.is_object())
        failField("'import' must be an object with 'header', 'delimiter' and 'missing'");
    CsvOptions options;
    const Json* header = member(o, "header");
    if (header && !header->is_boolean())
        failField("import: 'header' must be true or false");
    options.hasHeader = header ? header->get<bool>() : true;
    const std::string delimiter = text(o, "delimiter", "import");
    if (delimiter.size() > 1 || (delimiter.size() == 1 && std::string(",;\t |").find(delimiter[0]) == std::string::npos))
        failField("import: 'delimiter' must be empty (detect) or one of , ; tab space |");
    options.delimiter = delimiter.empty() ? char(0) : delimiter[0];
    if (member(o, "missing")) {
        options.missingTokens = strings(o, "missing", "import");
        if (options.missingTokens.size() > 64)
            failField("import: 'missing' lists " + std::to_string(options.missingTokens.size()) +
                      " tokens, over the limit of 64");
    }
    options.columnNames = strings(o, "names", "import");
    options.columnLabels = strings(o, "labels", "import");
    if (!options.columnLabels.empty() && options.columnLabels.size() != options.columnNames.size())
        failField("import: 'labels' holds " + std::to_string(options.columnLabels.size()) + " labels for " +
                  std::to_string(options.columnNames.size()) + " names");
    std::set<std::string> seen;
    for (const std::string& name : options.columnNames)
        if (name.empty() || !seen.insert(name).second)
            failField(name.empty() ? "import: 'names' holds an empty name"
                                   : "import: 'names' holds '" + name + "' twice");
    if (!options.columnNames.empty())
        options.columnNamesSource = "the session's column names";
    return options;
}

// {"attribute": "age", "cuts": [0, 18, "inf"]}, {"attribute": "age", "width": 5} or {..., "quantiles": 4}: JSON
// has no infinity, so the ends may be the strings "inf" and "-inf".
Json binsToJson(const std::vector<BinSpec>& bins)
{
    Json out = Json::array();
    for (const BinSpec& b : bins) {
        Json entry = {{"attribute", b.attribute}};
        if (b.kind == BinKind::CutPoints) {
            Json cuts = Json::array();
            for (double c : b.cuts)
                cuts.push_back(std::isinf(c) ? Json(c > 0 ? "inf" : "-inf") : Json(c));
            entry["cuts"] = std::move(cuts);
        } else {
            entry[b.kind == BinKind::EqualWidth ? "width" : "quantiles"] = b.bins;
        }
        out.push_back(std::move(entry));
    }
    return out;
}

std::vector<BinSpec> binsFromJson(const Json& bins)
{
    if (!bins.is_array())
        failField("'bins' must be an array of {\"attribute\", \"cuts\" | \"width\" | \"quantiles\"}");
    std::vector<BinSpec> out;
    std::set<std::string> seen;
    for (std::size_t i = 0; i < bins.size(); ++i) {
        const std::string where = "bins[" + std::to_string(i) + "]";
        const Json& e = bins[i];
        if (!e.is_object())
            failField(where + " must be an object");
        BinSpec b;
        b.attribute = text(e, "attribute", where, true);
        const Json* cuts = member(e, "cuts");
        const Json* width = member(e, "width");
        const Json* quantiles = member(e, "quantiles");
        if ((cuts != nullptr) + (width != nullptr) + (quantiles != nullptr) != 1)
            failField(where + " must have one of 'cuts', 'width' and 'quantiles'");
        if (cuts) {
            if (!cuts->is_array() || cuts->size() > static_cast<std::size_t>(kMaxBins) + 1)
                failField(where + ": 'cuts' must be an array of at most " + std::to_string(kMaxBins + 1) + " numbers");
            for (const Json& c : *cuts) {
                if (c.is_number())
                    b.cuts.push_back(c.get<double>());
                else if (c.is_string() && (c.get<std::string>() == "inf" || c.get<std::string>() == "-inf"))
                    b.cuts.push_back(c.get<std::string>() == "inf" ? HUGE_VAL : -HUGE_VAL);
                else
                    failField(where + ": 'cuts' must hold numbers, \"inf\" or \"-inf\"");
            }
        } else {
            const Json& k = width ? *width : *quantiles;
            if (!k.is_number_integer() || k.get<long long>() < 2 || k.get<long long>() > kMaxBins)
                failField(where + ": '" + (width ? "width" : "quantiles") + "' must be a whole number in [2, " +
                          std::to_string(kMaxBins) + "]");
            b.kind = width ? BinKind::EqualWidth : BinKind::Quantiles;
            b.bins = static_cast<int>(k.get<long long>());
        }
        checkBinSpec(b, where); // InputError naming the entry
        if (!seen.insert(b.attribute).second)
            failField(where + ": attribute '" + b.attribute + "' is binned twice");
        out.push_back(std::move(b));
    }
    return out;
}

Json viewToJson(const ViewChoices& v)
{
    const auto oneOrTwo = [](const std::string& a, const std::string& b) {
        return toJson(b.empty() ? std::vector<std::string>{a} : std::vector<std::string>{a, b});
    };
    Json view = Json::object();
    view["distribution"] = oneOrTwo(v.distributionA, v.distributionB);
    view["seed"] = std::to_string(v.seed);
    view["alpha"] = v.alpha;
    view["interval"] = v.kind == IntervalKind::Normal ? "normal" : "chebyshev";
    view["riskDisplay"] = v.riskCdf ? "cdf" : "histogram";
    view["surfaceAxes"] = toJson({v.surfaceX, v.surfaceY});
    view["surfaceTarget"] = v.surfaceSelectedRecord ? "record" : "max";
    view["selectedRecord"] = toJson(v.selectedRecord);
    view["intervalsAttributes"] = oneOrTwo(v.intervalsA, v.intervalsB);
    view["intervalsVary"] = v.intervalsVary;
    view["intervalsCell"] = toJson(v.intervalsCell);
    view["tradeOffMaxL"] = v.tradeOffMaxL;
    view["maxReidentification"] = v.maxReidentification;
    view["utilityMetric"] = metricKey(v.metric);
    view["withoutPAttributes"] = toJson({v.withoutPFirst, v.withoutPSecond});
    view["withoutPPresent"] = toJson({v.withoutPFirstPresent, v.withoutPSecondPresent});
    view["withoutPMeasure"] = v.withoutPMeasure;
    view["currentView"] = v.currentView;
    view["measures"] = Json{{"attributes", toJson({v.measuresA, v.measuresB})},
                            {"present", toJson({v.measuresPresentA, v.measuresPresentB})},
                            {"sweep", v.measuresSweep}};
    view["rules"] = Json{{"items", toJson(v.rulesItems)},
                         {"minSupport", v.rulesMinSupport},
                         {"minConfidence", v.rulesMinConfidence},
                         {"decision", v.rulesDecision},
                         {"p", v.rulesP}};
    return view;
}

ViewChoices viewFromJson(const Json& view)
{
    ViewChoices v;
    const auto dist = strings(view, "distribution", "view");
    if (!dist.empty())
        v.distributionA = dist[0];
    if (dist.size() > 1)
        v.distributionB = dist[1];
    const std::string seed = text(view, "seed", "view");
    if (!seed.empty() && !session::parseSeed(seed, v.seed))
        failField("view: 'seed' must be a non-negative integer (as a string)");
    v.alpha = number(view, "alpha", "view", 0.05, 1e-6, 0.5);
    const std::string kind = text(view, "interval", "view");
    if (!kind.empty() && kind != "normal" && kind != "chebyshev")
        failField("view: 'interval' must be \"normal\" or \"chebyshev\"");
    v.kind = kind == "chebyshev" ? IntervalKind::Chebyshev : IntervalKind::Normal;
    v.riskCdf = text(view, "riskDisplay", "view") == "cdf";
    const auto axes = strings(view, "surfaceAxes", "view");
    if (axes.size() == 2) {
        v.surfaceX = axes[0];
        v.surfaceY = axes[1];
    }
    v.surfaceSelectedRecord = text(view, "surfaceTarget", "view") == "record";
    v.selectedRecord = strings(view, "selectedRecord", "view");
    const auto ia = strings(view, "intervalsAttributes", "view");
    if (!ia.empty())
        v.intervalsA = ia[0];
    if (ia.size() > 1)
        v.intervalsB = ia[1];
    v.intervalsVary = text(view, "intervalsVary", "view");
    v.intervalsCell = strings(view, "intervalsCell", "view");
    v.tradeOffMaxL = static_cast<int>(number(view, "tradeOffMaxL", "view", 6, 2, 20));
    v.maxReidentification = number(view, "maxReidentification", "view", 0, 0, 1);
    const std::string metric = text(view, "utilityMetric", "view");
    if (!metric.empty())
        v.metric = parseMetric(metric);
    const auto withoutP = strings(view, "withoutPAttributes", "view");
    if (withoutP.size() == 2) {
        v.withoutPFirst = withoutP[0];
        v.withoutPSecond = withoutP[1];
    }
    const auto present = strings(view, "withoutPPresent", "view");
    if (present.size() == 2) {
        v.withoutPFirstPresent = present[0];
        v.withoutPSecondPresent = present[1];
    }
    const std::string measure = text(view, "withoutPMeasure", "view");
    if (!measure.empty()) {
        if (!measureByKey(measure))
            failField("view: 'withoutPMeasure' is not a measure key: " + measure);
        v.withoutPMeasure = measure;
    }
    const std::string current = text(view, "currentView", "view");
    if (!current.empty())
        v.currentView = current;
    readMeasuresAndRules(view, v);
    return v;
}

// Where the records are: a "database" object or the "data" files.
void readData(const Json& root, const SessionPlaces& places, SessionData& s)
{
    if (member(root, "database")) {
        const Json& db = root["database"];
        SessionDatabase d{session::textOrEmpty(db, "url"), session::textOrEmpty(db, "table"),
                          session::textOrEmpty(db, "query")};
        if (d.url.empty() || d.table.empty() == d.query.empty())
            failField("'database' must give a 'url' and one of 'table' and 'query'");
        s.database = d;
        return;
    }
    const Json* data = member(root, "data");
    if (!data || !data->is_array() || data->empty())
        failField("'data' must list at least one CSV file");
    for (const Json& d : *data) {
        if (!d.is_string() || d.get<std::string>().empty())
            failField("'data' must list file paths (strings)");
        s.dataPaths.push_back(resolveSessionPath(d.get<std::string>(), places));
    }
}

} // namespace

std::string sessionToJson(const SessionData& s, const SessionPlaces& places)
{
    Json root = session::sessionHeader(SessionKind::Table);
    Json data = Json::array();
    if (s.database) { // the URL without password, and the table or query
        Json database = Json::object();
        database["url"] = s.database->url;
        if (s.database->query.empty())
            database["table"] = s.database->table;
        else
            database["query"] = s.database->query;
        root["database"] = std::move(database);
    } else {
        for (const std::string& p : s.dataPaths)
            data.push_back(portableSessionPath(p, places.sampleDir));
        if (s.import)
            root["import"] = importToJson(*s.import);
    }
    root["data"] = std::move(data);
    if (!s.bins.empty())
        root["bins"] = binsToJson(s.bins);
    root["roles"] = Json{{"quasiIdentifiers", toJson(s.spec.quasiIdentifiers)}, {"sensitive", s.spec.sensitive}};
    if (!s.spec.alsoSensitive.empty()) { // issue 22; older readers see the first sensitive attribute alone
        Json also = Json::array();
        for (const SensitiveTarget& t : s.spec.alsoSensitive)
            also.push_back(Json{{"attribute", t.attribute}, {"knows", toJson(t.knows)}});
        root["roles"]["alsoSensitive"] = std::move(also);
    }
    root["missingPolicy"] = policyKey(s.spec.policy);
    root["mode"] = toString(s.mode);
    Json p = Json::object();
    for (const auto& [name, value] : s.p)
        p[name] = value;
    root["p"] = std::move(p);
    root["tau"] = s.tau;
    root["l"] = 1.0 / s.tau;
    root["view"] = viewToJson(s.view);
    if (s.tradeOff)
        root["tradeOff"] = tradeOffToJson(*s.tradeOff);
    if (s.comparison)
        root["comparison"] = comparisonToJson(*s.comparison, places);
    return session::dumpSession(root);
}

namespace {

// 'roles': the quasi-identifiers, the sensitive attribute, and (issue 22) the other sensitive ones.
void readRoles(const Json& root, SessionData& s)
{
    const Json* roles = member(root, "roles");
    if (!roles || !roles->is_object())
        failField("'roles' must be an object with 'quasiIdentifiers' and 'sensitive'");
    s.spec.quasiIdentifiers = strings(*roles, "quasiIdentifiers", "roles");
    s.spec.sensitive = text(*roles, "sensitive", "roles", true);
    if (s.spec.quasiIdentifiers.empty())
        failField("roles: 'quasiIdentifiers' must name at least one attribute");
    if (s.spec.sensitive.empty())
        failField("roles: 'sensitive' must name an attribute");
    if (const Json* also = member(*roles, "alsoSensitive")) {
        if (!also->is_array() || also->size() > 10000)
            failField("roles: 'alsoSensitive' must be a list of {\"attribute\", \"knows\"}");
        for (const Json& t : *also) {
            if (!t.is_object())
                failField("roles: 'alsoSensitive' must be a list of {\"attribute\", \"knows\"}");
            s.spec.alsoSensitive.push_back(
                {text(t, "attribute", "roles.alsoSensitive", true), strings(t, "knows", "roles.alsoSensitive")});
        }
        checkRoles(s.spec); // InputError naming the attribute
    }
}

// 'missingPolicy' (drop-incomplete when empty) and 'mode'.
void readPolicyAndMode(const Json& root, SessionData& s)
{
    const std::string policy = text(root, "missingPolicy", "session");
    if (policy.empty() || policy == "drop-incomplete")
        s.spec.policy = MissingPolicy::DropIncomplete;
    else if (policy == "drop-if-used-missing")
        s.spec.policy = MissingPolicy::DropIfUsedMissing;
    else
        failField("'missingPolicy' must be \"drop-incomplete\" or \"drop-if-used-missing\"");

    s.mode = parseMode(text(root, "mode", "session", true)); // InputError names the mode
}

// 'p' (each in (0, 1]) and tau (or l): the release's parameters.
void readParameters(const Json& root, SessionData& s)
{
    const Json* p = member(root, "p");
    if (p && !p->is_object())
        failField("'p' must map attribute names to retention probabilities");
    if (p)
        for (const auto& [name, value] : p->items()) {
            const double v = value.is_number() ? value.get<double>() : -1;
            if (!(v > 0 && v <= 1))
                failField("p of '" + name + "' must be a number in (0, 1]");
            s.p[name] = v;
        }

    if (member(root, "tau"))
        s.tau = number(root, "tau", "session", 1.0 / 3.0, 1e-6, 1.0);
    else if (member(root, "l"))
        s.tau = 1.0 / number(root, "l", "session", 3.0, 1.0, 1e6);
    if (!(s.tau > 0 && s.tau <= 1))
        failField("'tau' must lie in (0, 1]");
}

} // namespace

SessionData tableSessionFromDocument(const Json& root, const SessionPlaces& places)
{
    SessionData s;
    readData(root, places, s);
    if (member(root, "import"))
        s.import = importFromJson(root["import"]);
    if (const Json* bins = member(root, "bins"))
        s.bins = binsFromJson(*bins);
    readRoles(root, s);
    readPolicyAndMode(root, s);
    readParameters(root, s);

    const Json* view = member(root, "view");
    if (view && !view->is_object())
        failField("'view' must be an object");
    s.view = viewFromJson(view ? *view : Json::object());
    if (member(root, "tradeOff"))
        s.tradeOff = tradeOffFromJson(root["tradeOff"]);
    if (member(root, "comparison"))
        s.comparison = comparisonFromJson(root["comparison"], places);
    return s;
}

SessionData sessionFromJson(const std::string& json, const SessionPlaces& places)
{
    return std::get<SessionData>(parseAnySession(json, places, SessionKind::Table));
}

} // namespace rr
