#include "ui/mainwindow/AttributeEditing.h"

#include "ui/texts/ErrorText.h"
#include "ui/document/Workspace.h"
#include "ui/import/BinDialog.h"
#include "ui/mainwindow/InfoBar.h"
#include "ui/session/AnalysisState.h"

#include <QInputDialog>
#include <QLineEdit>
#include <QUndoStack>

namespace rr::ui {

AttributeEditing::AttributeEditing(QWidget* window, AnalysisState& state, Workspace& workspace, InfoBar& info)
    : QObject(window), m_window(window), m_state(state), m_workspace(workspace), m_info(info)
{}

BinDialog* AttributeEditing::openBinDialog(const QString& attribute)
{
    const auto raw = m_workspace.rawSource();
    if (!raw)
        return nullptr;
    const std::string name = attribute.toStdString();
    std::optional<BinSpec> current;
    for (const BinSpec& b : m_workspace.bins())
        if (b.attribute == name)
            current = b;
    auto* dialog = new BinDialog(raw->summary().attribute(name), current, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog, name] {
        const std::optional<BinSpec> spec = dialog->spec();
        if (!spec)
            return;
        std::vector<BinSpec> bins = m_workspace.bins();
        std::erase_if(bins, [&](const BinSpec& b) { return b.attribute == name; });
        bins.push_back(*spec);
        m_workspace.setBins(bins);
        m_state.undoStack()->resetClean(); // not an undo step, but unsaved until the session is saved
    });
    dialog->open();
    return dialog;
}

void AttributeEditing::unbin(const QString& attribute)
{
    const std::string name = attribute.toStdString();
    std::vector<BinSpec> bins = m_workspace.bins();
    std::erase_if(bins, [&](const BinSpec& b) { return b.attribute == name; });
    AnalysisSpec spec = m_state.spec();
    std::erase(spec.quasiIdentifiers, name);
    if (spec.sensitive == name)
        spec.sensitive.clear();
    if (!(spec == m_state.spec()))
        m_state.setSpec(spec);
    m_workspace.setBins(bins);
    m_state.undoStack()->resetClean(); // not an undo step, but unsaved until the session is saved
}

void AttributeEditing::promptRename(const QString& attribute)
{
    bool ok = false;
    const QString to = QInputDialog::getText(m_window, tr("Rename %1").arg(attribute),
                                             tr("New name of %1:").arg(attribute), QLineEdit::Normal, attribute, &ok);
    if (ok)
        rename(attribute, to.trimmed());
}

bool AttributeEditing::rename(const QString& from, const QString& to)
{
    try {
        m_workspace.renameAttribute(from.toStdString(), to.toStdString());
    } catch (const std::exception& e) {
        m_info.showMessage(tr("Cannot rename %1: %2").arg(from, errorText(e)).toHtmlEscaped(), InfoBar::Kind::Error);
        return false;
    }
    return true;
}

} // namespace rr::ui
