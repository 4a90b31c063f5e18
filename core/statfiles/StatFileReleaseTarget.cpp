#include "core/statfiles/StatFileReleaseTarget.h"

#include "core/datasource/BinnedSource.h"
#include "core/release/CsvReleaseTarget.h"
#include "core/release/FileReleaseTarget.h"
#include "core/release/FileSetReleaseTarget.h"
#include "core/data/Errors.h"
#include "core/data/QuotedRecord.h"

#include <readstat.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <ostream>
#include <unordered_map>

namespace rr {
namespace {

std::optional<double> number(const std::string& text)
{
    double v = 0;
    const char* end = text.data() + text.size();
    const auto r = std::from_chars(text.data(), end, v);
    if (text.empty() || r.ec != std::errc() || r.ptr != end || !std::isfinite(v))
        return std::nullopt;
    return v;
}

// One released column while its records arrive: its distinct texts, and one code per record (-1 missing).
struct ColumnValues {
    std::unordered_map<std::string, std::int32_t> index;
    std::vector<std::string> texts;
    std::vector<std::int32_t> codes;
};

// How a column is written: numbers (with the source's label set, or none), or codes 1..d labelled.
struct ColumnPlan {
    std::string name, label;
    bool numeric = false;
    std::vector<double> valueOf;                             // per distinct text: the number written
    std::vector<std::pair<double, std::string>> labels;      // the label set (empty: none)
};

ColumnPlan planColumn(const ColumnValues& v, const AttributeDetails* details)
{
    ColumnPlan plan;
    plan.valueOf.resize(v.texts.size());
    // The source's labelled variable: its declared codes, the other values as the numbers they are.
    if (details && !details->codes.empty()) {
        std::map<std::string, double> codeOf;
        bool numericCodes = true;
        for (const auto& [code, label] : details->codes) {
            const auto n = number(code);
            numericCodes = numericCodes && n.has_value();
            if (n)
                codeOf.emplace(label, *n);
        }
        bool all = numericCodes;
        for (std::size_t t = 0; all && t < v.texts.size(); ++t) {
            if (const auto it = codeOf.find(v.texts[t]); it != codeOf.end())
                plan.valueOf[t] = it->second;
            else if (const auto n = number(v.texts[t]))
                plan.valueOf[t] = *n;
            else
                all = false;
        }
        if (all) {
            plan.numeric = true;
            for (const auto& [code, label] : details->codes)
                plan.labels.emplace_back(*number(code), label);
            return plan;
        }
    }
    // Numbers stay numbers.
    bool allNumbers = true;
    for (std::size_t t = 0; allNumbers && t < v.texts.size(); ++t) {
        const auto n = number(v.texts[t]);
        allNumbers = n.has_value();
        if (n)
            plan.valueOf[t] = *n;
    }
    if (allNumbers) {
        plan.numeric = true;
        return plan;
    }
    // Texts: codes 1..d in the texts' order, each labelled with its text.
    std::vector<std::size_t> order(v.texts.size());
    for (std::size_t t = 0; t < order.size(); ++t)
        order[t] = t;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return v.texts[a] < v.texts[b]; });
    for (std::size_t k = 0; k < order.size(); ++k) {
        plan.valueOf[order[k]] = static_cast<double>(k + 1);
        plan.labels.emplace_back(static_cast<double>(k + 1), v.texts[order[k]]);
    }
    return plan;
}

ssize_t writeToStream(const void* bytes, size_t length, void* context)
{
    auto* out = static_cast<std::ostream*>(context);
    out->write(static_cast<const char*>(bytes), static_cast<std::streamsize>(length));
    return *out ? static_cast<ssize_t>(length) : -1;
}

void check(readstat_error_t e, const std::string& path, const char* what)
{
    if (e != READSTAT_OK)
        throw IoError("cannot write " + path + ": " + what + ": " + readstat_error_message(e));
}

using Writer = std::unique_ptr<readstat_writer_t, decltype(&readstat_writer_free)>;

} // namespace

std::string statVariableName(const std::string& column, std::vector<std::string>& taken)
{
    std::string name;
    for (const unsigned char c : column)
        name += std::isalnum(c) && c < 128 ? static_cast<char>(c) : '_';
    if (name.empty() || !std::isalpha(static_cast<unsigned char>(name.front())))
        name = "v" + name;
    name.resize(std::min<std::size_t>(name.size(), 32));
    const auto used = [&](const std::string& n) {
        return std::any_of(taken.begin(), taken.end(), [&](const std::string& t) {
            return std::equal(t.begin(), t.end(), n.begin(), n.end(),
                              [](char a, char b) { return std::tolower(a) == std::tolower(b); });
        });
    };
    std::string unique = name;
    for (int k = 2; used(unique); ++k) {
        const std::string suffix = "_" + std::to_string(k);
        unique = name.substr(0, 32 - suffix.size()) + suffix;
    }
    taken.push_back(unique);
    return unique;
}

namespace {

void checkWritable(StatFormat format, const std::string& path)
{
    if (format != StatFormat::Sav && format != StatFormat::Dta && format != StatFormat::Xport)
        throw InputError("a release is written as .csv, SPSS .sav, Stata .dta or SAS transport .xpt, not as " +
                         statFormatTitle(format) + " (" + path + ")");
}

} // namespace

struct StatTableWriter::Columns {
    std::vector<ColumnValues> values;
};

StatTableWriter::StatTableWriter(std::string path, StatFormat format, std::vector<std::string> names,
                                 std::vector<const AttributeDetails*> details)
    : m_path(std::move(path)), m_format(format), m_names(std::move(names)), m_details(std::move(details)),
      m_columns(std::make_unique<Columns>())
{
    checkWritable(m_format, m_path);
    m_details.resize(m_names.size(), nullptr);
    m_columns->values.resize(m_names.size());
}

StatTableWriter::~StatTableWriter() = default;

void StatTableWriter::add(const std::vector<std::optional<std::string>>& fields)
{
    if (fields.size() != m_names.size())
        throw IoError("release: a record has " + std::to_string(fields.size()) + " values for " +
                      std::to_string(m_names.size()) + " columns");
    m_held += m_names.size();
    if (m_held > kMaxStatFileReleaseValues)
        throw InputError("a release as " + statFormatTitle(m_format) + " holds its records while it writes: " +
                         "more than " + std::to_string(kMaxStatFileReleaseValues) +
                         " values; write it as .csv (streamed, any size)");
    for (std::size_t j = 0; j < fields.size(); ++j) {
        ColumnValues& c = m_columns->values[j];
        if (!fields[j]) {
            c.codes.push_back(-1);
            continue;
        }
        const auto [it, added] = c.index.try_emplace(*fields[j], static_cast<std::int32_t>(c.texts.size()));
        if (added)
            c.texts.push_back(*fields[j]);
        c.codes.push_back(it->second);
    }
}

void StatTableWriter::write(std::ostream& out) const
{
    const std::vector<ColumnValues>& values = m_columns->values;
    const long rows = values.empty() ? 0 : static_cast<long>(values.front().codes.size());
    std::vector<ColumnPlan> plans;
    std::vector<std::string> taken;
    for (std::size_t j = 0; j < values.size(); ++j) {
        const AttributeDetails* d = m_details[j];
        ColumnPlan plan = planColumn(values[j], d);
        plan.name = statVariableName(m_names[j], taken);
        plan.label = d && !d->label.empty() ? d->label : m_names[j];
        plans.push_back(std::move(plan));
    }

    Writer writer(readstat_writer_init(), &readstat_writer_free);
    if (!writer)
        throw std::bad_alloc();
    check(readstat_set_data_writer(writer.get(), writeToStream), m_path, "the writer");
    if (m_format == StatFormat::Xport)
        check(readstat_writer_set_file_format_version(writer.get(), 8), m_path, "SAS transport version 8");
    std::vector<readstat_variable_t*> variables;
    for (std::size_t j = 0; j < plans.size(); ++j) {
        const ColumnPlan& p = plans[j];
        readstat_variable_t* v = readstat_add_variable(writer.get(), p.name.c_str(), READSTAT_TYPE_DOUBLE, 0);
        readstat_variable_set_label(v, p.label.c_str());
        if (!p.labels.empty() && m_format != StatFormat::Xport) { // transport files have no label sets
            const std::string set = std::string("L_").append(p.name, 0, 30); // not "L_" + ...: GCC -Wrestrict
            readstat_label_set_t* labels = readstat_add_label_set(writer.get(), READSTAT_TYPE_DOUBLE, set.c_str());
            for (const auto& [code, text] : p.labels)
                readstat_label_double_value(labels, code, text.c_str());
            readstat_variable_set_label_set(v, labels);
        }
        variables.push_back(v);
    }
    switch (m_format) {
    case StatFormat::Sav: check(readstat_begin_writing_sav(writer.get(), &out, rows), m_path, "SPSS"); break;
    case StatFormat::Dta: check(readstat_begin_writing_dta(writer.get(), &out, rows), m_path, "Stata"); break;
    default: check(readstat_begin_writing_xport(writer.get(), &out, rows), m_path, "SAS transport"); break;
    }
    for (long r = 0; r < rows; ++r) {
        check(readstat_begin_row(writer.get()), m_path, "a row");
        for (std::size_t j = 0; j < plans.size(); ++j) {
            const std::int32_t code = values[j].codes[static_cast<std::size_t>(r)];
            check(code < 0 ? readstat_insert_missing_value(writer.get(), variables[j])
                           : readstat_insert_double_value(writer.get(), variables[j],
                                                          plans[j].valueOf[static_cast<std::size_t>(code)]),
                  m_path, "a value");
        }
        check(readstat_end_row(writer.get()), m_path, "a row");
    }
    check(readstat_end_writing(writer.get()), m_path, "the end");
}

StatFileReleaseTarget::StatFileReleaseTarget(std::string path, StatFormat format,
                                             std::function<const AttributeDetails*(std::size_t)> details)
    : m_path(std::move(path)), m_format(format), m_details(std::move(details))
{
    checkWritable(m_format, m_path);
}

RecordFormat StatFileReleaseTarget::format() const
{
    RecordFormat f;
    f.appendValue = appendQuotedValue;
    f.missing = ""; // nothing at all: missing, apart from the empty text
    return f;
}

std::string StatFileReleaseTarget::prepare()
{
    return fileTargetFolder(m_path);
}

FileWrite StatFileReleaseTarget::tableFile(const std::vector<ReleasedColumn>& columns, const RecordFeed& records,
                                          bool)
{
    std::vector<std::string> names;
    std::vector<const AttributeDetails*> details;
    for (const ReleasedColumn& c : columns) {
        names.push_back(c.name);
        details.push_back(m_details && c.sourceColumn ? m_details(*c.sourceColumn) : nullptr);
    }
    // The codes are held only while this file is written, not while the other files of a set are.
    return {m_path, [this, names = std::move(names), details = std::move(details), &records](std::ostream& out) {
                StatTableWriter table(m_path, m_format, names, details);
                std::vector<std::optional<std::string>> fields;
                records([&](std::string_view line) {
                    splitQuotedRecord(line, fields);
                    table.add(fields);
                });
                table.write(out);
            }};
}

std::unique_ptr<FileTableTarget> fileReleaseTarget(const DataSource& source, const std::string& path,
                                                   const std::string& missingToken)
{
    const auto format = statFormatOfPath(path);
    if (!format)
        return std::make_unique<CsvReleaseTarget>(path, missingToken);
    // The labels of the statistical file under any bins; a binned column's values are bin labels, not the
    // variable's labelled codes.
    const auto* stat = dynamic_cast<const StatFileSource*>(&unbinned(source));
    const auto* binned = dynamic_cast<const BinnedSource*>(&source);
    const std::vector<std::string> names = source.attributeNames();
    return std::make_unique<StatFileReleaseTarget>(path, *format, [stat, binned, names](std::size_t column) {
        const bool labelled = stat && column < names.size() && !(binned && binned->binningOf(names[column]));
        return labelled ? stat->attributeDetails(names[column]) : nullptr;
    });
}

std::unique_ptr<ReleaseTarget> fileReleaseTarget(const DataSource& source, const std::vector<std::string>& paths,
                                                 const std::string& missingToken)
{
    if (paths.size() == 1)
        return fileReleaseTarget(source, paths.front(), missingToken);
    std::vector<std::unique_ptr<FileTableTarget>> files;
    for (const std::string& path : paths)
        files.push_back(fileReleaseTarget(source, path, missingToken));
    return std::make_unique<FileSetReleaseTarget>(std::move(files));
}

} // namespace rr
