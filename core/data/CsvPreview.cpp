#include "core/data/CsvPreview.h"

#include "core/data/CsvTokenizer.h"
#include "core/data/Errors.h"
#include "core/data/InputFile.h"
#include "core/data/MissingTokens.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>

namespace rr {
namespace {

class Collect : public csv::RecordHandler {
public:
    explicit Collect(std::size_t max) : m_max(max) {}
    std::vector<std::vector<std::string>> records;
    bool more = false;
    bool record(const std::string_view* fields, std::size_t count, std::size_t) override
    {
        if (records.size() >= m_max) {
            more = true;
            return true;
        }
        records.emplace_back(fields, fields + count);
        return true;
    }

private:
    std::size_t m_max;
};

// The first maxBytes of the file (without a byte order mark), cut after its last whole record unless the file
// ended within them; `whole`: it did.
std::string previewText(const std::string& path, std::size_t maxBytes, bool& whole)
{
    checkInputFile(path);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw InputError("cannot open '" + path + "'");
    std::string text(maxBytes, '\0');
    in.read(text.data(), static_cast<std::streamsize>(maxBytes));
    text.resize(static_cast<std::size_t>(in.gcount()));
    whole = text.size() < maxBytes;
    if (text.rfind("\xEF\xBB\xBF", 0) == 0) // UTF-8 byte order mark
        text.erase(0, 3);
    if (!whole) {
        const std::size_t end = csv::lastRecordEnd(text);
        if (end == std::string::npos)
            throw InputError("'" + path + "': no complete line in the first " + std::to_string(maxBytes) + " bytes");
        text.resize(end);
    }
    return text;
}

// The columns' names: the header's (a name twice is a problem), "1", "2", ... without one, or the owner's
// when they fit.
void previewColumns(CsvPreview& p, std::vector<std::vector<std::string>>& records, const CsvOptions& options)
{
    if (options.hasHeader) {
        p.columns = records.front();
        records.erase(records.begin());
        std::set<std::string> seen;
        for (const std::string& c : p.columns)
            if (!seen.insert(c).second && p.problem.empty())
                p.problem = "the header names column '" + c + "' twice: does the file have a header row?";
    } else {
        for (std::size_t c = 0; c < records.front().size(); ++c)
            p.columns.push_back(std::to_string(c + 1));
    }
    if (!options.columnNames.empty()) { // the owner's names, when they fit
        if (options.columnNames.size() == p.columns.size())
            p.columns = options.columnNames;
        else if (p.problem.empty())
            p.problem = options.columnNamesSource + " gives " + std::to_string(options.columnNames.size()) +
                        " names but the file has " + std::to_string(p.columns.size()) + " columns";
    }
}

} // namespace

CsvPreview previewCsv(const std::string& path, const CsvOptions& options, std::size_t maxRows, std::size_t maxBytes)
{
    bool whole = false;
    const std::string text = previewText(path, maxBytes, whole);
    CsvPreview p;
    p.delimiter = options.delimiter != 0 ? options.delimiter : detectDelimiter(text.substr(0, text.find('\n')));
    csv::BlockParser parser(p.delimiter, options.limits);
    Collect collect(maxRows + 1);
    std::optional<csv::BlockError> error;
    parser.parse(text, collect, error);
    if (error)
        throw InputError("'" + path + "' record " + std::to_string(error->record + 1) + ": " + error->message);
    auto& records = collect.records;
    if (records.empty())
        throw InputError("'" + path + "' is empty");
    previewColumns(p, records, options);
    p.truncated = collect.more || !whole || records.size() > maxRows;
    if (records.size() > maxRows)
        records.resize(maxRows);
    const MissingTokens missing(options.missingTokens);
    for (std::size_t r = 0; r < records.size(); ++r) {
        if (records[r].size() != p.columns.size() && p.problem.empty())
            p.problem = "row " + std::to_string(r + 1) + " has " + std::to_string(records[r].size()) +
                        " fields, the header " + std::to_string(p.columns.size()) + ": is the delimiter right?";
        std::vector<bool> m;
        for (const std::string& f : records[r])
            m.push_back(missing.contains(f));
        p.missing.push_back(std::move(m));
    }
    p.rows = std::move(records);
    return p;
}

} // namespace rr

namespace rr {

bool headerLooksLikeData(const CsvPreview& preview)
{
    if (preview.columns.empty())
        return false;
    for (const std::string& c : preview.columns) {
        if (c.empty())
            return false;
        for (char ch : c)
            if (!(std::isdigit(static_cast<unsigned char>(ch)) || ch == '.' || ch == '-' || ch == '+'))
                return false;
    }
    return true;
}

CsvOptions guessCsvOptions(const std::string& path)
{
    CsvOptions options;
    const CsvPreview p = previewCsv(path, options, 1);
    if (headerLooksLikeData(p) || p.problem.find("twice") != std::string::npos)
        options.hasHeader = false;
    return options;
}

} // namespace rr
