#pragma once
// Options when a CSV file is opened: header row yes/no, delimiter, missing-value tokens, column names from a
// file, with the first rows as the reader would split them (core/data/CsvPreview) and what looks wrong.
#include "core/data/ColumnNames.h"
#include "core/data/CsvReader.h"

#include <QDialog>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;

namespace rr::ui {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    // Starts from the guessed options of the first file (guessCsvOptions).
    explicit ImportDialog(QStringList paths, QWidget* parent = nullptr);

    CsvOptions options() const;
    QStringList paths() const { return m_paths; }

    QCheckBox* headerBox() const { return m_header; }
    QComboBox* delimiterBox() const { return m_delimiter; }
    QLineEdit* missingEdit() const { return m_missing; }
    QCheckBox* emptyMissingBox() const { return m_emptyMissing; }
    QTableWidget* previewTable() const { return m_preview; }
    QLabel* problemLabel() const { return m_problem; }
    QPushButton* namesButton() const { return m_namesButton; }
    QPushButton* clearNamesButton() const { return m_clearNames; }

    // Column names from a names file, a data dictionary or a one-line header (core/data/ColumnNames.h; issue
    // 20, bug 13): the preview shows them. False, with the reason shown, when the file cannot be read as one.
    bool loadColumnNames(const QString& path);
    void clearColumnNames();

private:
    // The constructor's parts.
    QFormLayout* buildOptions();
    void buildPreview();
    void connectOptions();
    void refresh();

    QStringList m_paths;
    QCheckBox* m_header;
    QComboBox* m_delimiter;
    QLineEdit* m_missing;
    QCheckBox* m_emptyMissing;
    QTableWidget* m_preview;
    QLabel* m_problem;
    QPushButton* m_namesButton;
    QPushButton* m_clearNames;
    QLabel* m_namesFile;
    ColumnNames m_names; // empty: the header's names, or 1, 2, ...
    QString m_namesPath;
};

} // namespace rr::ui
