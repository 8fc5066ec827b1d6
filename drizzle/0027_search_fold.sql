-- Admin search by names without their accents and in any case (issue 31): "lopez" finds "López", "sorensen"
-- "Sørensen". The fold is one SQL function, the same in PostgreSQL and PGlite (no unaccent extension needed: it is not
-- always installed, and unaccent() is not immutable): the two-letter letters spelled out, every Latin-1 and Latin
-- Extended-A letter to its base letter, then lower(). Immutable, so generated columns and their trigram indexes
-- (next migration) hold the folded names, and a search folds the typed text with the same function.
CREATE OR REPLACE FUNCTION search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$ SELECT lower(translate(
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace($1,
    'ß', 'ss'), 'ẞ', 'ss'), 'Æ', 'ae'), 'æ', 'ae'), 'Œ', 'oe'), 'œ', 'oe'), 'Þ', 'th'), 'þ', 'th'), 'Ĳ', 'ij'), 'ĳ', 'ij'),
  'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľŁłŃńŅņŇňŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſȘșȚț',
  'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkllllllllnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzssstt'
)) $$;
