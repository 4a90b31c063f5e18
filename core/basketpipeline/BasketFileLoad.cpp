#include "core/basketpipeline/BasketFileLoad.h"

#include "core/baskets/BinaryColumns.h"
#include "core/data/CsvReader.h"

#include <algorithm>
#include <cctype>
#include <fstream>

namespace rr {

bool isBasketCsv(const std::string& path)
{
    if (path.size() < 4)
        return false;
    std::string tail = path.substr(path.size() - 4);
    std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return std::tolower(c); });
    return tail == ".csv";
}

void countBlankLines(const std::string& path, FimiReport& report)
{
    std::ifstream in(path, std::ios::binary);
    std::string line;
    for (std::size_t lineNo = 1; std::getline(in, line); ++lineNo) {
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (!line.empty())
            continue;
        ++report.emptyLines;
        if (report.firstEmptyLines.size() < 10)
            report.firstEmptyLines.push_back(lineNo);
    }
}

LoadedBaskets loadBasketFile(const BasketFileRequest& request, const BasketProgress& progress)
{
    LoadedBaskets out;
    out.file.path = request.path;
    out.file.csv = isBasketCsv(request.path);
    if (out.file.csv) {
        const Table table = readCsv({request.path});
        const std::vector<int> columns =
            request.columns.empty() ? std::vector<int>{} : table.attributeIndices(request.columns);
        BinaryBaskets b = basketsFromBinaryColumns(table, columns);
        out.baskets = std::move(b.transactions);
        out.file.itemNames = std::move(b.itemNames);
        countBlankLines(request.path, out.file.report);
        reportProgress(progress, 1.0);
    } else {
        FimiOptions fimi = request.fimi;
        fimi.sourceName = request.path;
        fimi.emptyLines = EmptyLinePolicy::KeepAsEmptyBasket; // line i stays basket i
        FimiData data = readFimiFile(request.path, fimi, progress);
        out.baskets = std::move(data.transactions);
        out.file.report = data.report;
    }
    for (std::size_t i = 0; i < out.baskets.size(); ++i)
        out.file.emptyBaskets += out.baskets.basketSize(i) == 0;
    return out;
}

} // namespace rr
