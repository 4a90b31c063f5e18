// Workspace::renameAttribute (issue 20, bug 13): a CSV column renamed through CsvOptions::columnNames, one undo
// step, the choices that named it following it.
#include "ui/document/Workspace.h"

#include "core/datasource/CsvSource.h"
#include "core/data/Errors.h"
#include "core/session/AttributeRename.h"
#include "ui/undo/UndoCommands.h"

#include <QSignalBlocker>

namespace rr::ui {

std::vector<std::string> Workspace::csvColumns() const
{
    const auto* csv = dynamic_cast<const CsvSource*>(m_rawSource.get());
    if (!csv)
        throw InputError(m_rawSource ? "only the columns of CSV files can be renamed: a database table or an SPSS, "
                                       "Stata or SAS file names its own columns"
                                     : "no data is open");
    return m_csvOptions.columnNames.empty() ? csv->columns() : m_csvOptions.columnNames;
}

void Workspace::renameAttribute(const std::string& from, const std::string& to)
{
    if (m_csvOptions.countColumn && from == *m_csvOptions.countColumn)
        throw InputError("'" + from + "' is the count column, not an attribute");
    renamedColumns(csvColumns(), from, to); // refuses before anything changes
    if (from == to)
        return;
    m_state->undoStack()->push(new RenameAttributeCommand(
        [this](const std::string& f, const std::string& t) { applyRename(f, t); }, from, to));
}

void Workspace::applyRename(const std::string& from, const std::string& to)
{
    CsvOptions options = m_csvOptions;
    options.columnNames = renamedColumns(csvColumns(), from, to);
    if (options.columnNamesSource.empty() || options.columnNamesSource == CsvOptions{}.columnNamesSource)
        options.columnNamesSource = "the renamed columns";
    m_csvOptions = options; // a second rename before the data is read again builds on this one
    {
        // The state names the new column now; its views and the analysis follow once the data is read again.
        const QSignalBlocker block(m_state);
        m_state->applyRename(from, to);
    }
    std::vector<BinSpec> bins = m_bins;
    rr::renameAttribute(bins, from, to);
    dropAnalysis();
    openCsv(m_state->dataPaths(), options);
    m_pendingRename = bins; // after openCsv, which forgets any earlier one; its result arrives later
}

} // namespace rr::ui
